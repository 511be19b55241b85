package dev.gather.cli;

import dev.gather.daemon.StateDir;
import dev.gather.sim.SimMain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gather sim}: a simulated agent for tests, the demo, and trying gather without a real agent. */
@Command(
        name = "sim",
        description = {
            "Runs a simulated agent in this tmux pane: it answers each pasted input with a reply that quotes it",
            "and reports its turn end through gather's hook path, like a real harness.",
            "",
            "Example:  gather sim --name Ada --next Bob --pass-after 3",
        })
final class SimCommand implements Callable<Integer> {
    @Option(names = "--name", required = true, description = "The agent's name, shown in its replies")
    String name;

    @Option(names = "--next", description = "Who to pass the piece to (in the pass phrase)")
    String next;

    @Option(names = "--pass-after", defaultValue = "0", description = "Say a pass phrase every N replies (0: never)")
    int passAfter;

    @Option(names = "--think-ms", defaultValue = "200", description = "How long it thinks before answering")
    long thinkMs;

    @Option(names = "--script", description = "A file of replies, one per line, said in order ({heard} is the quote)")
    Path script;

    @Override
    public Integer call() throws Exception {
        String pane = System.getenv("TMUX_PANE");
        if (pane == null || !pane.matches("%[0-9]+")) {
            System.err.println("gather sim: must run inside a tmux pane ($TMUX_PANE is unset); start it with tmux");
            return 2;
        }
        if (passAfter < 0 || thinkMs < 0) {
            System.err.println("gather sim: --pass-after and --think-ms must be >= 0");
            return 2;
        }
        List<String> lines = List.of();
        if (script != null) {
            if (!Files.isReadable(script)) {
                System.err.println("gather sim: cannot read --script " + script + "; give a readable text file");
                return 2;
            }
            lines = Files.readAllLines(script).stream()
                    .filter(l -> !l.isBlank())
                    .toList();
        }
        SimMain.run(
                name,
                Optional.ofNullable(next),
                passAfter,
                lines,
                Duration.ofMillis(thinkMs),
                pane,
                StateDir.fromEnvironment().spool());
        return 0;
    }
}
