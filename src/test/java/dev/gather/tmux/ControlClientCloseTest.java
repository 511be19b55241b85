package dev.gather.tmux;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * Closing a control client never closes its input beside a write: a write between taking the
 * descriptor and writing would put a tmux command into whatever file got the number next. Nor does
 * it wait forever for a write blocked on a client that stopped reading.
 */
class ControlClientCloseTest {
    @Test
    void closeReturnsOnlyOnceAWriteBlockedOnAClientThatStoppedReadingHasLetGo() throws Exception {
        // sleep never reads its input: the pipe fills and a write blocks in it
        ControlClient client = ControlClient.start(List.of("sleep", "60"), "test", line -> {}, () -> {});
        String line = "x".repeat(10_000);
        Thread sender = new Thread(
                () -> {
                    for (int i = 0; i < 64; i++) {
                        client.send(line);
                    }
                },
                "test-sender");
        sender.setDaemon(true);
        sender.start();
        Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> writing(sender));

        Thread closing = new Thread(client::close, "test-close");
        closing.setDaemon(true);
        closing.start();
        closing.join(TimeUnit.SECONDS.toMillis(30));
        assertFalse(closing.isAlive(), "close waited for good on a write blocked on a client that stopped reading");

        assertFalse(writing(sender), "close returned while a write was still under way on its input");
        sender.join(TimeUnit.SECONDS.toMillis(30));
        assertFalse(sender.isAlive(), "every later send fails at once");
    }

    @Test
    void aSendAfterCloseFailsAtOnceThoughTheClientHasNotEnded() {
        // a client that outlives the hang-up close gives it: its output stays open, so nothing tells
        // the reader it ended, and a send written into the closed input would wait for good
        String marker = "trap '' TERM; sleep 61";
        ControlClient client = ControlClient.start(List.of("sh", "-c", marker), "test", line -> {}, () -> {});
        try {
            client.close();
            assertTrue(client.send("list-sessions").isCompletedExceptionally(), "failed at once, never written");
        } finally {
            ProcessHandle.current()
                    .descendants()
                    .filter(p -> p.info()
                            .arguments()
                            .map(a -> List.of(a).contains(marker))
                            .orElse(false))
                    .forEach(p -> {
                        p.descendants().forEach(ProcessHandle::destroyForcibly);
                        p.destroyForcibly();
                    });
        }
    }

    /** Whether {@code t} is inside a native write to a file or pipe. */
    private static boolean writing(Thread t) {
        return Arrays.stream(t.getStackTrace())
                .anyMatch(f -> f.getClassName().equals("java.io.FileOutputStream")
                        && f.getMethodName().startsWith("write"));
    }
}
