package dev.gather.tmux;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What every {@link Tmux} must do; subclasses run it against the fake, control mode and exec. */
abstract class TmuxContract {
    static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    Tmux tmux;
    private int sessions;

    abstract Tmux open();

    /** Removes whatever the test left, even when it failed. */
    void cleanUp() {}

    @BeforeEach
    void start() {
        tmux = open();
    }

    @AfterEach
    void stop() {
        try {
            tmux.killServer();
            tmux.close();
        } finally {
            cleanUp();
        }
    }

    Pane cat() {
        return tmux.spawn(SpawnSpec.of("s" + sessions++, dir, "cat"));
    }

    @Test
    void aSpawnedPaneIsListedAndAlive() {
        Pane p = cat();
        assertTrue(tmux.alive(p.id()));
        assertTrue(tmux.panes().stream()
                .anyMatch(q -> q.id().equals(p.id()) && q.session().equals("s0")));
    }

    @Test
    void pastedTextAndEnterReachTheProgram() {
        Pane p = cat();
        tmux.paste(p.id(), "hello from gather");
        tmux.sendKeys(p.id(), "Enter");
        await().atMost(WAIT).until(() -> count(tmux.capture(p.id(), 100), "hello from gather") >= 2);
    }

    @Test
    void outputStreamsDecodedAsItAppears() throws Exception {
        Pane p = cat();
        List<String> seen = new CopyOnWriteArrayList<>();
        AutoCloseable sub = tmux.onOutput(p.id(), seen::add);
        try {
            tmux.paste(p.id(), "grüße ✓ \\ back");
            tmux.sendKeys(p.id(), "Enter");
            await().atMost(WAIT).until(() -> count(String.join("", seen), "grüße ✓ \\ back") >= 2);
        } finally {
            sub.close();
        }
    }

    @Test
    void aKilledPaneIsReportedGone() throws Exception {
        Pane keep = cat();
        Pane p = cat();
        List<String> exited = new CopyOnWriteArrayList<>();
        AutoCloseable sub = tmux.onPaneExit(exited::add);
        try {
            tmux.kill(p.id());
            await().atMost(WAIT).until(() -> exited.contains(p.id()));
        } finally {
            sub.close();
        }
        assertFalse(tmux.alive(p.id()));
        assertTrue(tmux.alive(keep.id()));
        assertFalse(exited.contains(keep.id()));
    }

    @Test
    void aProgramThatEndsIsReportedGone() throws Exception {
        Pane keep = cat();
        Pane p = cat();
        List<String> exited = new CopyOnWriteArrayList<>();
        AutoCloseable sub = tmux.onPaneExit(exited::add);
        try {
            tmux.sendKeys(p.id(), "C-d");
            await().atMost(WAIT).until(() -> exited.contains(p.id()));
        } finally {
            sub.close();
        }
        assertFalse(tmux.alive(p.id()));
        assertTrue(tmux.alive(keep.id()));
    }

    @Test
    void commandsOnAGonePaneThrowTmuxException() {
        Pane keep = cat();
        Pane p = cat();
        tmux.kill(p.id());
        // a caller tells a gone pane by the failure's kind, never by tmux's words
        assertEquals(
                TmuxException.Kind.NO_PANE,
                assertThrows(TmuxException.class, () -> tmux.paste(p.id(), "x")).kind());
        assertEquals(
                TmuxException.Kind.NO_PANE,
                assertThrows(TmuxException.class, () -> tmux.sendKeys(p.id(), "Enter"))
                        .kind());
        assertFalse(tmux.alive(p.id()));
        assertTrue(tmux.alive(keep.id()));
    }

    @Test
    void delivererDeliversAndReportsGonePanes() {
        Pane p = cat();
        Pane gone = cat();
        tmux.kill(gone.id());
        try (Deliverer d = new Deliverer(tmux, HarnessQuirks.GENERIC)) {
            DeliveryResult ok = d.deliver(p.id(), "[Ana] (1):\n\nline one\nline two");
            assertTrue(ok instanceof DeliveryResult.Delivered, ok.toString());
            await().atMost(WAIT).until(() -> count(tmux.capture(p.id(), 100), "line two") >= 2);
            assertEquals(new DeliveryResult.PaneGone(gone.id()), d.deliver(gone.id(), "hi"));
        }
    }

    @Test
    void pasteAllReachesEveryPaneAndFailsOnlyForGoneOnes() {
        Pane a = cat();
        Pane b = cat();
        Pane gone = cat();
        tmux.kill(gone.id());
        Map<String, CompletableFuture<Void>> acks = tmux.pasteAllAsync(List.of(a.id(), gone.id(), b.id()), "fan out");
        acks.get(a.id()).join();
        acks.get(b.id()).join();
        CompletionException e = assertThrows(
                CompletionException.class, () -> acks.get(gone.id()).join());
        assertInstanceOf(TmuxException.class, e.getCause());
        tmux.sendKeys(a.id(), "Enter");
        tmux.sendKeys(b.id(), "Enter");
        await().atMost(WAIT).until(() -> count(tmux.capture(a.id(), 100), "fan out") >= 2);
        await().atMost(WAIT).until(() -> count(tmux.capture(b.id(), 100), "fan out") >= 2);
    }

    @Test
    void deliverAllReportsEachPaneOnItsOwn() {
        Pane a = cat();
        Pane gone = cat();
        Pane b = cat();
        tmux.kill(gone.id());
        try (Deliverer d = new Deliverer(tmux, HarnessQuirks.GENERIC)) {
            Map<String, DeliveryResult> r = d.deliverAll(List.of(a.id(), gone.id(), b.id()), "to all\nof you");
            assertEquals(List.of(a.id(), gone.id(), b.id()), List.copyOf(r.keySet()));
            assertInstanceOf(DeliveryResult.Delivered.class, r.get(a.id()));
            assertEquals(new DeliveryResult.PaneGone(gone.id()), r.get(gone.id()));
            assertInstanceOf(DeliveryResult.Delivered.class, r.get(b.id()));
        }
        await().atMost(WAIT).until(() -> count(tmux.capture(b.id(), 100), "of you") >= 2);
    }

    static int count(String haystack, String needle) {
        int n = 0;
        for (int i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }
}
