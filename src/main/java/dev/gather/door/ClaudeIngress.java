package dev.gather.door;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

/**
 * gather's copy of the guard Claude Code 2.1.330 puts on messages from one sender (read in its code):
 * a bucket of 30 that refills half a message a second, and a message whose words equal that sender's
 * last within 30 s dropped as a duplicate. Both drops come as receipts that may arrive after the door
 * said "handed"; so gather waits for the bucket instead of overrunning it, and types a repeat instead
 * of having it dropped (a gathering relays "(Ada listens)" more than once).
 */
final class ClaudeIngress {
    static final int CAPACITY = 30;
    static final double REFILL_PER_SECOND = 0.5;
    static final Duration REPEAT_WINDOW = Duration.ofSeconds(30);

    private record Sender(double tokens, long at, String lastWords) {}

    private final Map<String, Sender> bySession = new HashMap<>();
    private final LongSupplier nanos;
    private final LongConsumer park;

    ClaudeIngress() {
        this(System::nanoTime, LockSupport::parkNanos);
    }

    /** @param park waits that many nanoseconds (the door's own thread, never a caller's) */
    ClaudeIngress(LongSupplier nanos, LongConsumer park) {
        this.nanos = nanos;
        this.park = park;
    }

    /**
     * Takes a place for {@code words} to {@code session}, waiting (at most two seconds a message) for
     * the bucket to refill; or says why Claude would drop them unread.
     */
    Optional<String> admit(String session, String words) {
        long wait;
        synchronized (this) {
            long now = nanos.getAsLong();
            Sender s = bySession.getOrDefault(session, new Sender(CAPACITY, now - REPEAT_WINDOW.toNanos(), null));
            long since = now - s.at();
            if (words.equals(s.lastWords()) && since < REPEAT_WINDOW.toNanos()) {
                return Optional.of("Claude would drop it unread: the same words as gather's last message to this"
                        + " session " + Duration.ofNanos(since).toSeconds() + " s ago (its guard drops a repeat"
                        + " within " + REPEAT_WINDOW.toSeconds() + " s)");
            }
            double tokens = Math.min(CAPACITY, s.tokens() + since / 1e9 * REFILL_PER_SECOND);
            // a place is taken now even when it must be waited for: the next message waits behind it
            wait = tokens >= 1 ? 0 : (long) ((1 - tokens) / REFILL_PER_SECOND * 1e9);
            bySession.put(session, new Sender(tokens - 1, now, words));
        }
        if (wait > 0) {
            park.accept(wait);
        }
        return Optional.empty();
    }
}
