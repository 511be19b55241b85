package dev.gather.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gather.home.StateDir;
import dev.gather.testing.Slow;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

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
                .flatMap(Answers::withoutADaemon)
                .toList();
    }

    @ParameterizedTest
    @MethodSource("argvs")
    void answersAsTheWholeCommandLine(List<String> argv) {
        Invocation nowhere = new Invocation(new StateDir(home), () -> {
            throw new IllegalStateException("no daemon is asked for help or a refusal");
        });
        assertEquals(
                Answers.of(Main.commandLine(new Main(nowhere)), argv),
                Answers.of(BridgedMain.commandLine(nowhere), argv));
    }
}
