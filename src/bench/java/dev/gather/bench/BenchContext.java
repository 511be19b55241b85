package dev.gather.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.UUID;

/**
 * What a benchmark may use: a scratch directory of its own, whether to keep it short, and a delay to
 * inject into the delivery path (zero but in the test that proves a slow delivery fails the run).
 */
public record BenchContext(Path scratch, boolean quick, Duration injectedDelay) {
    public BenchContext {
        Objects.requireNonNull(scratch, "scratch");
        Objects.requireNonNull(injectedDelay, "injectedDelay");
        if (injectedDelay.isNegative()) {
            throw new IllegalArgumentException("injectedDelay must not be negative (was " + injectedDelay + ")");
        }
    }

    public BenchContext(Path scratch, boolean quick) {
        this(scratch, quick, Duration.ZERO);
    }

    /** How many (samples, runs, files) this run takes: {@code quick} in a quick run, else {@code full}. */
    public int sized(int quick, int full) {
        return quick() ? quick : full;
    }

    /** A tmux socket name of its own, so that a benchmark's tmux server is never the user's or another's. */
    static String privateSocket() {
        return "gather-bench-" + UUID.randomUUID();
    }
}
