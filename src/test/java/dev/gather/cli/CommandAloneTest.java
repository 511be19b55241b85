package dev.gather.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * A command is run with gather's root and itself alone ({@link Main#forArgs}), so a sim or a command
 * does not pay for building every other: it answers as it does among all of them, help, refusals and
 * version alike.
 */
class CommandAloneTest {
    private static final Set<String> WHOLE = Set.of("help", "completion");

    /** Built once: picocli resets every option before it parses, and building the whole takes a while. */
    private static final CommandLine ALL = Main.commandLine();

    static Stream<List<String>> argvs() {
        return Stream.concat(
                ALL.getSubcommands().keySet().stream()
                        .filter(c -> !WHOLE.contains(c))
                        .sorted()
                        .flatMap(
                                c -> Stream.of(List.of(c, "--help"), List.of(c, "--no-such-option"), List.of(c, "-V"))),
                Stream.of(List.of("remote", "pair", "--help"), List.of("remote", "pair", "--no-such-option")));
    }

    @ParameterizedTest
    @MethodSource("argvs")
    void answersAsAmongAllOfGather(List<String> argv) {
        String[] args = argv.toArray(String[]::new);
        assertEquals(run(ALL, args), run(Main.forArgs(args), args));
    }

    @Test
    void aNamedCommandIsBuiltWithoutTheOthers() {
        assertEquals(
                Set.of("sim"),
                Main.forArgs("sim", "--name", "Ada").getSubcommands().keySet());
        assertEquals(
                Set.of("remote"),
                Main.forArgs("remote", "pair").getSubcommands().keySet());
    }

    @Test
    void helpCompletionTheRootsOptionsAndAnUnknownNameGetTheWhole() {
        Set<String> all = ALL.getSubcommands().keySet();
        for (String[] args : List.of(
                new String[] {},
                new String[] {"--version"},
                new String[] {"help", "sim"},
                new String[] {"completion"},
                new String[] {"no-such-command"})) {
            assertEquals(all, Main.forArgs(args).getSubcommands().keySet(), String.join(" ", args));
        }
    }

    private static String run(CommandLine cli, String[] args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return "exit " + code + "\nout:\n" + out + "\nerr:\n" + err;
    }
}
