package dev.gather.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gather.home.StateDir;
import dev.gather.testing.Slow;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * What the daemon runs a bridged command with answers as gather's whole command line does: the same
 * help, the same refusals, the same exit codes, for every command a bridge may hand over.
 */
@Slow
class BridgedMainTest {
    @TempDir
    static Path home;

    static List<List<String>> argvs() {
        return DaemonCli.COMMANDS.stream()
                .sorted()
                .flatMap(c -> Stream.of(List.of(c, "--help"), List.of(c, "--no-such-option"), List.of(c, "-V")))
                .toList();
    }

    @ParameterizedTest
    @MethodSource("argvs")
    void answersAsTheWholeCommandLine(List<String> argv) {
        Invocation nowhere = new Invocation(new StateDir(home), () -> {
            throw new IllegalStateException("no daemon is asked for help or a refusal");
        });
        assertEquals(run(Main.commandLine(new Main(nowhere)), argv), run(BridgedMain.commandLine(nowhere), argv));
    }

    private static String run(CommandLine cli, List<String> argv) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(argv.toArray(String[]::new));
        return "exit " + code + "\nout:\n" + out + "\nerr:\n" + err;
    }
}
