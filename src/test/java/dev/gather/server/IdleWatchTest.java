package dev.gather.server;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The idle watch of a stopping server: a connection asking for one ends, nothing is thrown at it. */
class IdleWatchTest {
    @Test
    void aClosedWatchWatchesNothingInsteadOfThrowing() {
        IdleWatch watch = new IdleWatch(Duration.ofSeconds(30), Clock.systemUTC());
        assertTrue(watch.watch(() -> {}).isPresent());
        watch.close();
        // a conversation between two lines as the daemon stops asked here and got RejectedExecutionException
        assertTrue(watch.watch(() -> {}).isEmpty());
    }
}
