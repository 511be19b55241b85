package dev.gather.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.stream.Stream;
import picocli.CommandLine;

/** What a command line answers, for holding two command lines that must answer alike to each other. */
final class Answers {
    private Answers() {}

    /** What every command answers without a daemon: its help, a refusal of an option it lacks, its version. */
    static Stream<List<String>> withoutADaemon(String... command) {
        return Stream.of("--help", "--no-such-option", "-V")
                .map(last -> Stream.concat(Stream.of(command), Stream.of(last)).toList());
    }

    /** {@code cli}'s exit code, standard output and error for {@code argv}. */
    static String of(CommandLine cli, List<String> argv) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(argv.toArray(String[]::new));
        return "exit " + code + "\nout:\n" + out + "\nerr:\n" + err;
    }
}
