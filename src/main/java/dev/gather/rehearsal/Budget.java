package dev.gather.rehearsal;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * How much work one rehearsal may do: CPU time of the thread that runs it (wall time where the JVM
 * does not measure a thread's CPU). The heaviest rhythm that lints clean took 102 s of CPU in one
 * web request; past its budget a rehearsal stops and says so, with what it did until then.
 */
public record Budget(Duration limit, LongSupplier spentNanos) {
    /** Ten seconds of CPU: every shipped rhythm rehearses in well under one. */
    public static final Duration CPU = Duration.ofSeconds(10);

    /** {@code limit} of this thread's CPU time, counted from now. */
    public static Budget cpu(Duration limit) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        LongSupplier now =
                threads.isCurrentThreadCpuTimeSupported() ? threads::getCurrentThreadCpuTime : System::nanoTime;
        long start = now.getAsLong();
        return new Budget(limit, () -> now.getAsLong() - start);
    }

    boolean spent() {
        return spentNanos.getAsLong() > limit.toNanos();
    }

    /** Why a rehearsal stopped at its budget, for its flags. */
    String reason() {
        return "rehearsing it took more than " + limit.toSeconds() + " s of CPU time, the bound of one rehearsal;"
                + " what it did until then is shown";
    }
}
