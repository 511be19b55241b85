package dev.gather.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.home.StateDir;
import dev.gather.turn.HookEvent;
import dev.gather.turn.Spool;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sim's start-up event is dated before its ready line is drawn: a caller that sees the line and
 * sends at once sends after it. Dated after the line (after a cold JVM's first JSON), it came after
 * such a send in a CI run, and the daemon took a worker's start-up event for its answer to a one-shot.
 */
class SimStartTest {
    @TempDir
    Path dir;

    @Test
    void theStartUpEventIsDatedBeforeTheReadyLineIsDrawn() throws Exception {
        AtomicLong ticks = new AtomicLong();
        Instant base = Instant.parse("2026-12-02T15:00:00Z");
        // every look at the clock is a millisecond later: the order of the looks is the order of the dates
        Clock ticking = new Clock() {
            @Override
            public Instant instant() {
                return base.plusMillis(ticks.incrementAndGet());
            }

            @Override
            public ZoneOffset getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
                return this;
            }
        };
        AtomicLong readyAt = new AtomicLong(-1);
        ByteArrayOutputStream screen = new ByteArrayOutputStream() {
            @Override
            public synchronized void write(byte[] b, int off, int len) {
                super.write(b, off, len);
                if (readyAt.get() < 0 && toString(StandardCharsets.UTF_8).contains("Ada is ready.")) {
                    readyAt.set(ticks.get());
                }
            }
        };
        StateDir state = new StateDir(dir);
        new Sim(
                        new Sim.SimOptions("Ada", Duration.ZERO, 0, Pattern.compile("never")),
                        new ByteArrayInputStream(new byte[0]),
                        new PrintStream(screen, true, StandardCharsets.UTF_8),
                        state,
                        Optional.of("%1"),
                        ticking)
                .run();

        List<Path> dropped;
        try (Stream<Path> files = Files.list(new Spool(state.spool()).incoming())) {
            dropped = files.toList();
        }
        assertEquals(1, dropped.size(), dropped::toString);
        HookEvent started = HookEvent.parse(Files.readAllBytes(dropped.get(0)));
        assertTrue(readyAt.get() >= 0, screen::toString);
        assertTrue(
                started.time().isBefore(base.plusMillis(readyAt.get()).plusNanos(1)),
                started.time() + " is after the ready line was drawn, at " + base.plusMillis(readyAt.get()));
    }
}
