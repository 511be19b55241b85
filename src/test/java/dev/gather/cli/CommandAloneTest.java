package dev.gather.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
                        .flatMap(Answers::withoutADaemon),
                Answers.withoutADaemon("remote", "pair"));
    }

    @ParameterizedTest
    @MethodSource("argvs")
    void answersAsAmongAllOfGather(List<String> argv) {
        assertEquals(Answers.of(ALL, argv), Answers.of(Main.forArgs(argv.toArray(String[]::new)), argv));
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
}
