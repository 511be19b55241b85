package dev.gather.turn;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.journal.JournalUnavailable;
import dev.gather.testing.Slow;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Slow
class SpoolWatcherTest {
    @TempDir
    Path tmp;

    private final List<TurnOutput> seen = new CopyOnWriteArrayList<>();
    private final HookParsers parsers = HookParsers.withClaudeRoots(List.of());

    private static long count(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.count();
        }
    }

    @Test
    void handsOverEventsWaitingAtStartAndNewOnesThenDeletesThem() throws Exception {
        Spool spool = new Spool(tmp.resolve("spool"));
        spool.drop(Samples.event("codex", Samples.text("codex/turn-complete.json")));
        SpoolWatcher watcher = SpoolWatcher.start(spool, parsers, seen::add);
        try {
            await().atMost(Duration.ofSeconds(20)).until(() -> seen.size() == 1);
            spool.drop(Samples.event("gemini", Samples.text("gemini/after-agent.json")));
            spool.drop(Samples.event("sim", Samples.text("sim/reply.json")));
            await().atMost(Duration.ofSeconds(20)).until(() -> seen.size() == 3);
        } finally {
            watcher.close();
        }
        // the last two were dropped with the same time stamp: their order is not defined
        assertEquals(
                List.of("codex", "gemini", "sim"),
                seen.stream().map(TurnOutput::harness).sorted().toList());
        assertEquals(
                "Rename complete and verified `cargo build` succeeds.",
                seen.get(0).text());
        assertEquals(0, count(spool.incoming()));
    }

    /**
     * Codex's notify runs in the first pane's process for every pane: the turn gather typed into %2
     * goes to %2, and the title side turn of the same first turn reaches no one (no relay, no idle).
     */
    @Test
    void codexTurnsGoToThePaneGatherTypedIntoAndTheTitleSideTurnNowhere() throws Exception {
        Spool spool = new Spool(tmp.resolve("spool"));
        SessionPanes sessions = new SessionPanes();
        sessions.typed("%2", "hello b");
        spool.drop(Samples.event("codex", Samples.text("codex/notify-0.169-title.json")));
        spool.drop(Samples.event("codex", Samples.text("codex/notify-0.169-turn.json")));
        SpoolWatcher watcher = SpoolWatcher.start(spool, parsers, PaneResolver.AS_NAMED, sessions, seen::add);
        try {
            await().atMost(Duration.ofSeconds(20)).until(() -> seen.size() == 1 && count(spool.incoming()) == 0);
        } finally {
            watcher.close();
        }
        assertEquals(List.of("%2"), seen.stream().map(TurnOutput::pane).toList());
        assertEquals("pong: hello b", seen.get(0).text());
        assertEquals(0, count(spool.rejected()), "a side turn is no malformed event");
    }

    /**
     * A daemon stopping while a turn output is handled lets it finish: an interrupt would close the
     * journal's file channel in the middle of its write. What is not handled yet stays in the spool.
     */
    @Test
    void closingFinishesTheEventBeingHandledWithoutInterruptingIt() throws Exception {
        Spool spool = new Spool(tmp.resolve("spool"));
        CountDownLatch handling = new CountDownLatch(1);
        List<Boolean> interrupted = new CopyOnWriteArrayList<>();
        SpoolWatcher watcher = SpoolWatcher.start(spool, parsers, out -> {
            handling.countDown();
            // a journal write's worth of work that a stop must not cut off
            long until = System.nanoTime() + Duration.ofMillis(300).toNanos();
            while (System.nanoTime() < until && !Thread.currentThread().isInterrupted()) {
                Thread.onSpinWait();
            }
            interrupted.add(Thread.currentThread().isInterrupted());
            seen.add(out);
        });
        spool.drop(Samples.event("sim", Samples.text("sim/reply.json")));
        assertTrue(handling.await(20, TimeUnit.SECONDS));
        watcher.close();
        assertEquals(List.of(false), interrupted, "handled to its end, not interrupted");
        assertEquals(1, seen.size());
    }

    @Test
    void eventsWaitingAtStartAreHandedOverOldestFirst() throws Exception {
        Spool spool = new Spool(tmp.resolve("spool"));
        String payload = Samples.text("sim/reply.json");
        for (long ms : new long[] {1_700_000_000_002L, 1_700_000_000_000L, 1_700_000_000_001L}) {
            spool.drop(new HookEvent("sim", "%" + (ms % 10), Instant.ofEpochMilli(ms), payload));
        }
        SpoolWatcher watcher = SpoolWatcher.start(spool, parsers, seen::add);
        try {
            await().atMost(Duration.ofSeconds(20)).until(() -> seen.size() == 3);
        } finally {
            watcher.close();
        }
        assertEquals(
                List.of("%0", "%1", "%2"), seen.stream().map(TurnOutput::pane).toList());
    }

    @Test
    void malformedFilesAreMovedAsideAndTheWatcherGoesOn() throws Exception {
        Spool spool = new Spool(tmp.resolve("spool"));
        spool.create();
        Files.write(spool.incoming().resolve("0-garbage"), "no header".getBytes(StandardCharsets.UTF_8));
        spool.drop(Samples.event("gemini", Samples.text("gemini/truncated.json")));
        SpoolWatcher watcher = SpoolWatcher.start(spool, parsers, seen::add);
        try {
            await().atMost(Duration.ofSeconds(20)).until(() -> count(spool.rejected()) == 2);
            spool.drop(Samples.event("codex", Samples.text("codex/truncated.json")));
            spool.drop(Samples.event("sim", Samples.text("sim/reply.json")));
            await().atMost(Duration.ofSeconds(20)).until(() -> seen.size() == 1);
            await().atMost(Duration.ofSeconds(20)).until(() -> count(spool.rejected()) == 3);
        } finally {
            watcher.close();
        }
        assertEquals("sim", seen.get(0).harness());
        assertEquals(0, count(spool.incoming()));
    }

    @Test
    void aFailingConsumerDoesNotStopTheWatcher() throws Exception {
        Spool spool = new Spool(tmp.resolve("spool"));
        SpoolWatcher watcher = SpoolWatcher.start(spool, parsers, out -> {
            seen.add(out);
            if (seen.size() == 1) {
                throw new IllegalStateException("daemon hiccup");
            }
        });
        try {
            spool.drop(Samples.event("sim", Samples.text("sim/reply.json")));
            await().atMost(Duration.ofSeconds(20)).until(() -> seen.size() == 1);
            spool.drop(Samples.event("sim", Samples.text("sim/reply.json")));
            await().atMost(Duration.ofSeconds(20)).until(() -> seen.size() == 2);
        } finally {
            watcher.close();
        }
        assertTrue(Files.isDirectory(spool.rejected()));
    }

    /** Refused by the journal (a full disk), or not yet taken by a gathering's lane (one that hangs). */
    @ParameterizedTest
    @ValueSource(strings = {"journal", "lane"})
    void anEventNotYetJournalledStaysInTheSpoolAndGoesOutInOrderOnceItIsTaken(String refuser) throws Exception {
        Spool spool = new Spool(tmp.resolve("spool"));
        String payload = Samples.text("sim/reply.json");
        AtomicBoolean full = new AtomicBoolean(true);
        List<String> refused = new CopyOnWriteArrayList<>();
        SpoolWatcher watcher = SpoolWatcher.start(spool, parsers, out -> {
            if (out.pane().equals("%1") && full.get()) {
                refused.add(out.time().toString());
                throw refuser.equals("journal")
                        ? new JournalUnavailable("link-1", "No space left on device", null)
                        : new NotTakenYet("gathering link-1 has not taken what it was handed after 30s");
            }
            seen.add(out);
        });
        try {
            for (long ms : new long[] {1_700_000_000_000L, 1_700_000_000_001L, 1_700_000_000_002L}) {
                spool.drop(new HookEvent("sim", "%1", Instant.ofEpochMilli(ms), payload));
            }
            spool.drop(new HookEvent("sim", "%2", Instant.ofEpochMilli(1_700_000_000_003L), payload));
            // %2's file goes just after it is heard
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> seen.size() == 1 && refused.size() >= 2 && count(spool.incoming()) == 3);
            assertEquals("%2", seen.get(0).pane(), "another pane's turns are not held up");
            assertTrue(
                    refused.stream().allMatch(t -> t.equals("2023-11-14T22:13:20Z")),
                    "only the oldest of the held pane is tried: " + refused);
            full.set(false);
            await().atMost(Duration.ofSeconds(20)).until(() -> seen.size() == 4);
        } finally {
            watcher.close();
        }
        assertEquals(
                List.of(1_700_000_000_000L, 1_700_000_000_001L, 1_700_000_000_002L),
                seen.subList(1, 4).stream().map(o -> o.time().toEpochMilli()).toList());
        assertEquals(0, count(spool.incoming()));
    }

    @Test
    void whileThePanesCannotBeLookedAtEveryEventWaitsInOrderAndGoesOutAfter() throws Exception {
        Spool spool = new Spool(tmp.resolve("spool"));
        String payload = Samples.text("sim/reply.json");
        AtomicBoolean slow = new AtomicBoolean(true);
        List<String> asked = new CopyOnWriteArrayList<>();
        PaneResolver tmuxSlow = event -> {
            asked.add(event.pane());
            if (slow.get()) {
                throw new PanesUnavailable("tmux did not list its panes (TIMED_OUT)", null);
            }
            return event.pane();
        };
        SpoolWatcher watcher = SpoolWatcher.start(spool, parsers, tmuxSlow, seen::add);
        try {
            spool.drop(new HookEvent("sim", "%1", Instant.ofEpochMilli(1_700_000_000_000L), payload));
            spool.drop(new HookEvent("sim", "%2", Instant.ofEpochMilli(1_700_000_000_001L), payload));
            spool.drop(new HookEvent("sim", "%1", Instant.ofEpochMilli(1_700_000_000_002L), payload));
            // asked again (a retry), and never past the oldest: nothing is refused, nothing goes out of order
            await().atMost(Duration.ofSeconds(20)).until(() -> asked.size() >= 2 && count(spool.incoming()) == 3);
            assertTrue(asked.stream().allMatch("%1"::equals), "only the oldest is tried: " + asked);
            assertEquals(List.of(), seen);
            assertEquals(0, count(spool.rejected()));
            slow.set(false);
            await().atMost(Duration.ofSeconds(20)).until(() -> seen.size() == 3);
            // a new event after the stall is taken without a retry's wait
            spool.drop(new HookEvent("sim", "%2", Instant.ofEpochMilli(1_700_000_000_003L), payload));
            await().atMost(Duration.ofSeconds(20)).until(() -> seen.size() == 4);
        } finally {
            watcher.close();
        }
        assertEquals(
                List.of(1_700_000_000_000L, 1_700_000_000_001L, 1_700_000_000_002L, 1_700_000_000_003L),
                seen.stream().map(o -> o.time().toEpochMilli()).toList());
        assertEquals(0, count(spool.incoming()));
    }

    @Test
    void anEventGatherFailsToReadIsSetAsideAndTheWatcherGoesOn() throws Exception {
        Spool spool = new Spool(tmp.resolve("spool"));
        String payload = Samples.text("sim/reply.json");
        PaneResolver faulty = event -> {
            if (event.pane().equals("%9")) {
                throw new IllegalStateException("a fault of gather's own");
            }
            return event.pane();
        };
        SpoolWatcher watcher = SpoolWatcher.start(spool, parsers, faulty, seen::add);
        try {
            spool.drop(new HookEvent("sim", "%9", Instant.ofEpochMilli(1_700_000_000_000L), payload));
            spool.drop(new HookEvent("sim", "%1", Instant.ofEpochMilli(1_700_000_000_001L), payload));
            await().atMost(Duration.ofSeconds(20)).until(() -> seen.size() == 1);
            spool.drop(new HookEvent("sim", "%1", Instant.ofEpochMilli(1_700_000_000_002L), payload));
            await().atMost(Duration.ofSeconds(20)).until(() -> seen.size() == 2);
        } finally {
            watcher.close();
        }
        assertEquals(List.of("%1", "%1"), seen.stream().map(TurnOutput::pane).toList());
        assertEquals(0, count(spool.incoming()));
        assertEquals(1, count(spool.rejected()), "kept for a person to read");
    }
}
