package dev.gather.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The delivery gather replaces, replayed for comparison: for each recipient in turn, spawn
 * {@code tmux send-keys -l <text>}, pause 1 s, spawn {@code tmux send-keys Enter}.
 */
final class OldDesignDelivery implements AutoCloseable {
    private final String socket;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();

    OldDesignDelivery(String socket) {
        this.socket = socket;
    }

    /** Completes when the last recipient's Enter was sent. */
    CompletableFuture<Void> deliver(List<String> panes, String text) {
        CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
        for (String pane : panes) {
            chain = chain.thenCompose(x -> {
                tmux("send-keys", "-t", pane, "-l", text);
                CompletableFuture<Void> enter = new CompletableFuture<>();
                // the pause is the old design itself, not a wait for anything
                timer.schedule(
                        () -> {
                            try {
                                tmux("send-keys", "-t", pane, "Enter");
                                enter.complete(null);
                            } catch (RuntimeException e) {
                                enter.completeExceptionally(e);
                            }
                        },
                        1,
                        TimeUnit.SECONDS);
                return enter;
            });
        }
        return chain;
    }

    private void tmux(String... args) {
        List<String> argv = new ArrayList<>(List.of("tmux", "-L", socket));
        argv.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(argv)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            if (p.waitFor() != 0) {
                throw new IllegalStateException("tmux " + args[0] + " failed for the old-design baseline");
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run tmux for the old-design baseline", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
