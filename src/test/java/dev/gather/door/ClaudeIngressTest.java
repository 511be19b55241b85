package dev.gather.door;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** gather keeps to Claude's guard on one sender's messages: it waits for the bucket and never sends a repeat Claude would drop. */
class ClaudeIngressTest {
    private final AtomicLong now = new AtomicLong(1_000_000_000_000L);
    private final List<Long> parked = new CopyOnWriteArrayList<>();
    private final ClaudeIngress ingress = new ClaudeIngress(now::get, parked::add);

    @Test
    void theSameWordsAgainWithinThirtySecondsAreNotSentButLaterTheyAre() {
        assertTrue(ingress.admit("%1", "[Ada] (1):\n\n(Ada listens)").isEmpty());
        now.addAndGet(Duration.ofSeconds(5).toNanos());

        String why = ingress.admit("%1", "[Ada] (1):\n\n(Ada listens)").orElseThrow();

        assertTrue(why.contains("same words as gather's last message to this session 5 s ago"), why);
        assertTrue(ingress.admit("%2", "[Ada] (1):\n\n(Ada listens)").isEmpty(), "another session is another guard");
        now.addAndGet(Duration.ofSeconds(30).toNanos());
        assertTrue(ingress.admit("%1", "[Ada] (1):\n\n(Ada listens)").isEmpty());
    }

    @Test
    void thirtyMessagesGoAtOnceAndTheNextWaitsForTheBucketToRefill() {
        for (int i = 0; i < ClaudeIngress.CAPACITY; i++) {
            assertTrue(ingress.admit("%1", "message " + i).isEmpty());
        }
        assertTrue(parked.isEmpty(), "the first thirty wait for nothing");

        assertTrue(ingress.admit("%1", "one more").isEmpty());
        assertTrue(ingress.admit("%1", "and another").isEmpty());

        assertEquals(2, parked.size());
        assertEquals(Duration.ofSeconds(2).toNanos(), parked.get(0), 1_000_000);
        assertEquals(Duration.ofSeconds(4).toNanos(), parked.get(1), 1_000_000, "the next waits behind it");
    }
}
