package dev.gather.bench;

import dev.gather.tmux.ControlModeTmux;
import dev.gather.turn.HookEvent;
import dev.gather.turn.Spool;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** One relay as the benchmarks time it: a turn's hook event dropped in a daemon's spool, until its words are on a pane. */
final class HookToPane {
    private HookToPane() {}

    /**
     * ms from dropping a hook event of {@code from}'s turn (its words a fresh marker starting with {@code
     * markerPrefix}) to those words in {@code to}'s pane output; a {@link java.util.concurrent.TimeoutException}
     * when they are not there within {@code limit}.
     */
    static double millis(Spool spool, String from, ControlModeTmux tmux, String to, String markerPrefix, Duration limit)
            throws Exception {
        String marker = markerPrefix + UUID.randomUUID();
        CompletableFuture<Long> seen = new CompletableFuture<>();
        StringBuilder screen = new StringBuilder();
        try (AutoCloseable watch = tmux.onOutput(to, chunk -> {
            synchronized (screen) {
                screen.append(chunk);
                if (screen.indexOf(marker) >= 0) {
                    seen.complete(System.nanoTime());
                }
            }
        })) {
            long t0 = System.nanoTime();
            spool.drop(new HookEvent("sim", from, Instant.now(), "{\"last_message\":\"" + marker + "\"}"));
            return (seen.get(limit.toMillis(), TimeUnit.MILLISECONDS) - t0) / 1e6;
        }
    }
}
