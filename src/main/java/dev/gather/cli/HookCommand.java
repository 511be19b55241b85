package dev.gather.cli;

import dev.gather.client.DaemonClient;
import dev.gather.client.DaemonStarter;
import dev.gather.home.StateDir;
import dev.gather.turn.HookEvent;
import dev.gather.turn.HookParsers;
import dev.gather.turn.Spool;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code gather hook <harness>}: hands a harness's turn-end event to the daemon through the spool, or its
 * socket when the spool cannot take it. bin/gather does this in shell without starting Java, and runs
 * this when its own write failed.
 */
@Command(name = "hook", resourceBundle = "dev.gather.cli.help.hook")
final class HookCommand implements Callable<Integer> {
    /**
     * How long this hook waits for the daemon to take its turn: less than a harness gives its hook
     * (Claude Code and Gemini CLI, 60 s). The turn itself waits longer, kept by its holder; {@code
     * $GATHER_HOOK_PATIENCE} (seconds) sets it, as for bin/gather's hook.
     */
    static final Duration PATIENCE = Duration.ofSeconds(30);

    @Parameters(index = "0", descriptionKey = "harness")
    String harness;

    @Parameters(index = "1..*", arity = "0..*", descriptionKey = "args")
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
        StateDir state = StateDir.fromEnvironment();
        if ("codex".equals(harness) && args.size() > 1) {
            runTheirs(args);
        }
        int handed = handOver(state, pane, behalf, payload);
        if ("gemini".equals(harness)) {
            System.out.println("{}");
        }
        return handed;
    }

    /**
     * Into the spool, held open by a holder process until the daemon took it, however long that takes
     * (its proof of who wrote it; a daemon that ran here and is gone is brought back first); on the
     * socket when the spool cannot take it (a full disk). A turn that reached neither is said on stderr
     * and the hook fails: never dropped silently. This hook waits for the daemon up to its patience,
     * then leaves the turn to its holder and ends, as a harness would end it.
     */
    private int handOver(StateDir state, String pane, String behalf, String payload) {
        boolean ranHere = Files.isRegularFile(state.lock());
        Path dropped;
        try {
            dropped = new Spool(state.spool())
                    .handOff(
                            behalf.isBlank()
                                    ? HookEvent.fromThisProcess(
                                            harness, pane.isBlank() ? "-" : pane, Instant.now(), payload)
                                    : HookEvent.onBehalfFromThisProcess(harness, behalf, Instant.now(), payload),
                            state.lock());
        } catch (IllegalArgumentException e) {
            System.err.println("gather hook: could not hand the event over: " + e.getMessage());
            return 1;
        } catch (IOException e) {
            return overSocket(payload, e);
        }
        if (!ranHere) {
            return 0; // no daemon ever ran here: no link waits for this turn, and the hook does not wait either
        }
        // a daemon that ran here and is gone comes back: it relays the spool in order
        DaemonStarter.revive(state);
        Duration patience = patience();
        if (Spool.awaitTaken(dropped, patience)) {
            return 0;
        }
        // not lost: its holder keeps it, and the daemon relays it in order when it answers again
        System.err.println("gather hook: the daemon did not take this turn within " + patience.toSeconds()
                + " s; it waits in " + dropped + ", kept until the daemon does (gather status shows turns waiting)");
        return 0;
    }

    private static Duration patience() {
        String set = System.getenv().getOrDefault("GATHER_HOOK_PATIENCE", "");
        return set.matches("[0-9]{1,6}") ? Duration.ofSeconds(Long.parseLong(set)) : PATIENCE;
    }

    private int overSocket(String payload, IOException spoolFailed) {
        try {
            DaemonClient client = DaemonClient.fromEnvironment();
            client.call(client.request("hook").put("harness", harness).put("payload", payload));
            return 0;
        } catch (IOException | RuntimeException e) {
            System.err.println("gather hook: this turn was not handed over: the spool could not take it ("
                    + spoolFailed.getMessage() + ") and the daemon's socket neither (" + e.getMessage() + ")");
            return 1;
        }
    }

    /**
     * The notify program the user had before gather (Codex runs only one, so install put it after {@code --}):
     * it runs as Codex would have run it, with the same event as its last argument, and is not waited for.
     */
    private static void runTheirs(List<String> theirs) {
        try {
            new ProcessBuilder(theirs).inheritIO().start();
        } catch (IOException e) {
            System.err.println(
                    "gather hook: could not run your notify program " + theirs.get(0) + ": " + e.getMessage());
        }
    }
}
