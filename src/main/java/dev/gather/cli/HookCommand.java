package dev.gather.cli;

import dev.gather.home.StateDir;
import dev.gather.turn.HookEvent;
import dev.gather.turn.HookParsers;
import dev.gather.turn.Spool;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code gather hook <harness>}: hands a harness's turn-end event to the daemon through the spool. bin/gather
 * does this in shell without starting Java; this is the same thing for {@code java -jar gather.jar hook}.
 */
@Command(
        name = "hook",
        description = {
            "Receives a harness's turn-end event (Claude Stop, Codex notify, Gemini AfterAgent) for the daemon.",
            "Installed by 'gather install'; not meant to be typed. Never fails the agent.",
        })
final class HookCommand implements Callable<Integer> {
    @Parameters(index = "0", description = "claude, codex, gemini or sim")
    String harness;

    @Parameters(index = "1..*", arity = "0..*", description = "Codex passes its JSON event as the last argument")
    List<String> args = List.of();

    @Override
    public Integer call() throws IOException {
        if (!HookParsers.HARNESSES.contains(harness)) {
            System.err.println("gather hook: unknown harness '" + harness + "' (use claude, codex, gemini or sim)");
            return 1;
        }
        String payload = "codex".equals(harness)
                ? (args.isEmpty() ? "" : args.get(args.size() - 1))
                : (System.console() != null ? "" : new String(System.in.readAllBytes(), StandardCharsets.UTF_8));
        String pane = System.getenv().getOrDefault("TMUX_PANE", "-");
        // a process outside every pane speaks for one only by naming it, as bin/gather's hook does
        String behalf = System.getenv().getOrDefault("GATHER_PANE", "");
        try {
            new Spool(StateDir.fromEnvironment().spool())
                    .drop(
                            behalf.isBlank()
                                    ? HookEvent.fromThisProcess(
                                            harness, pane.isBlank() ? "-" : pane, Instant.now(), payload)
                                    : HookEvent.onBehalfFromThisProcess(harness, behalf, Instant.now(), payload));
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("gather hook: could not hand the event over: " + e.getMessage());
        }
        if ("gemini".equals(harness)) {
            System.out.println("{}");
        }
        return 0;
    }
}
