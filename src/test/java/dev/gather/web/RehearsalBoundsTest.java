package dev.gather.web;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.rehearsal.Budget;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.rhythm.RhythmLint;
import dev.gather.server.UserError;
import dev.gather.testing.OwnThread;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The editor's rehearsal is bounded and always answers (issue 35): a rhythm that needs 32 speakers was
 * answered with HTTP 500, and the heaviest rhythm that lints clean took 102 s of CPU in one request.
 */
class RehearsalBoundsTest {
    @TempDir
    Path home;

    private static String minimal(String name) throws Exception {
        return Files.readString(Path.of("rhythms/minimal.yaml")).replace("name: minimal", "name: " + name);
    }

    private static ObjectNode body(String name, String text) {
        return Http.JSON.createObjectNode().put("name", name).put("text", text);
    }

    /** As heavy as the schema allows: 32 speakers, 20 beats a turn, three phases of 20 rounds. */
    private static String heaviest() throws Exception {
        return minimal("heavy")
                .replace("speakers: {min: 2, max: 12}", "speakers: {min: 32, max: 32}")
                .replace("per_turn: 2, interval: 30s", "per_turn: 20, interval: 1s")
                .replace("rounds: 1", "rounds: 20");
    }

    @Test
    void aRhythmThatNeedsThirtyTwoSpeakersIsRehearsedWithThirtyTwo() throws Exception {
        String text = minimal("crowd").replace("speakers: {min: 2, max: 12}", "speakers: {min: 32, max: 32}");
        assertTrue(RhythmLint.checkText("crowd.yaml", text).isEmpty(), "it lints clean");
        ObjectNode t = new Studio(new RhythmLibrary(List.of(home))).rehearse(body("crowd", text));
        assertTrue(t.path("ok").asBoolean(), t::toString);
        assertTrue(t.path("timeline").findValuesAsText("member").contains("Speaker32"), "the 32nd speaker took part");
    }

    @Test
    void theHeaviestRhythmStopsAtItsCpuBudgetAndSaysWhy() throws Exception {
        String text = heaviest();
        assertTrue(
                RhythmLint.checkText("heavy.yaml", text).isEmpty(),
                () -> "it lints clean: " + RhythmLint.checkText("heavy.yaml", text));
        // the rehearsal's CPU meter, faked: each look at it costs 50 ms, so a second is spent after 20
        // steps whatever this machine's speed (a fast one rehearsed the whole rhythm within a real second
        // once digests were capped)
        AtomicLong looks = new AtomicLong();
        Studio studio = new Studio(
                new RhythmLibrary(List.of(home)),
                () -> new Budget(
                        Duration.ofSeconds(1), () -> Duration.ofMillis(50).toNanos() * looks.incrementAndGet()));
        ObjectNode t = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> studio.rehearse(body("heavy", text)));
        assertFalse(t.path("finished").asBoolean(), t::toString);
        assertTrue(
                t.path("flags").toString().contains("more than 1 s of CPU time, the bound of one rehearsal"),
                () -> t.path("flags").toString());
        assertTrue(t.path("timeline").size() > 0, "what it did until then is shown");
    }

    @Test
    void aSecondRehearsalWhileOneRunsIsToldToWaitNotQueued() throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Studio studio = new Studio(
                new RhythmLibrary(List.of(home)),
                () -> new Budget(Duration.ofSeconds(10), () -> {
                    running.countDown();
                    try {
                        release.await(60, TimeUnit.SECONDS); // the first rehearsal, held mid-way
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return 0;
                }));
        String text = minimal("mine");
        CompletableFuture<ObjectNode> first = OwnThread.supply("rehearse", () -> studio.rehearse(body("mine", text)));
        assertTrue(running.await(30, TimeUnit.SECONDS));
        UserError busy = assertThrows(UserError.class, () -> studio.rehearse(body("mine", text)));
        assertTrue(busy.getMessage().contains("another rehearsal is running"), busy.getMessage());
        release.countDown();
        assertTrue(first.get(60, TimeUnit.SECONDS).path("ok").asBoolean());
    }
}
