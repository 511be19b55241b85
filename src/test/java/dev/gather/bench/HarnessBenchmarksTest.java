package dev.gather.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.gather.harness.FakeModel;
import dev.gather.profile.Profiles;
import dev.gather.testing.Slow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real-harness benchmarks without their harnesses: each says n/a, and why, instead of failing
 * the run (CI's bench-quick on a machine without the npm cache); and the time from a hook to the
 * model is taken from the first request that carried those very words.
 */
@Slow
class HarnessBenchmarksTest {
    @TempDir
    Path dir;

    @Test
    void withoutTheNpmCacheEveryHarnessRowSaysNotMeasuredAndWhy() throws Exception {
        Path empty = dir.resolve("no-cache");
        for (Benchmark b : List.of(
                new ClaudeRelayBenchmark(empty), new CodexRelayBenchmark(empty), new GeminiRelayBenchmark(empty))) {
            List<Metric> rows = b.run(new BenchContext(dir.resolve(b.name()), true));
            assertEquals(1, rows.size(), b.name() + ": " + rows);
            assertEquals("n/a", rows.get(0).unit(), b.name() + ": " + rows);
            assertTrue(rows.get(0).target().contains("no pinned " + b.name() + " in " + empty), rows.toString());
            assertTrue(rows.get(0).limit().isEmpty(), "a missing cache is no miss: " + rows);
        }
        // the gatherings of all three name the first harness they miss
        for (Benchmark b : List.of(new CostBenchmark(empty), new CountBenchmark(empty))) {
            List<Metric> rows = b.run(new BenchContext(dir.resolve(b.name()), true));
            assertEquals(1, rows.size(), b.name() + ": " + rows);
            assertEquals("n/a", rows.get(0).unit(), b.name() + ": " + rows);
            assertTrue(rows.get(0).target().contains("no pinned claude in " + empty), rows.toString());
            assertTrue(rows.get(0).limit().isEmpty(), "a missing cache is no miss: " + rows);
        }
    }

    @Test
    void aHarnessThatEndsBeforeItsFirstTurnIsStartedAgainOnceThenShownAsItEnded() throws Exception {
        Path starts = dir.resolve("starts");
        // each pane falls over only once its sibling has started too (the count is even again): the
        // attempt's end is seen at the first pane's death, and on a loaded machine the second pane had
        // not yet run its first line then, so a start went uncounted
        List<String> fallsOver = List.of(
                "sh",
                "-c",
                "echo started >> " + starts + "; while [ $(( $(wc -l < " + starts + ") % 2 )) -ne 0 ]; do sleep 0.05;"
                        + " done; echo the harness fell over; exit 3");
        try (HarnessRelay relay = new HarnessRelay(dir, List.of())) {
            HarnessDied died = assertThrows(
                    HarnessDied.class,
                    () -> relay.pingPong(Profiles.shipped().forKind("generic"), fallsOver, Map.of(), dir, 1));
            // why it ended is on its screen: tmux's own words for a dead pane, or the program's last
            // words (tmux 3.3a draws its banner only once it has the exit status, which a loaded
            // machine delivers after the pane's end is seen; and the program's last line may not be
            // read in time either), one of the two
            assertTrue(
                    died.getMessage().contains("Pane is dead (status 3")
                            || died.getMessage().contains("the harness fell over"),
                    died.getMessage());
            assertTrue(died.getMessage().contains("generic-Ada")
                    || died.getMessage().contains("generic-Bo"));
        }
        assertEquals(4, Files.readAllLines(starts).size(), "two panes, started twice");
    }

    @Test
    void theModelHadTheWordsAtTheFirstRequestCarryingThemNotAtOneCarryingAPrefix() {
        List<FakeModel.Call> turns = List.of(
                call(1_000, "[Bo] (2):\n\ncodex bench turn 1, over."),
                call(1_500, "[Ada] (1):\n\ncodex bench turn 12, over."),
                call(2_000, "[Bo] (2):\n\ncodex bench turn 1, over."));
        List<HarnessRelay.Sample> samples = List.of(
                new HarnessRelay.Sample("codex bench turn 12, over.", 1_200, 1_300, true, OptionalLong.of(1_250)),
                new HarnessRelay.Sample("codex bench turn 1, over.", 900, 950, true, OptionalLong.empty()));
        assertArrayEquals(new double[] {300, 100}, PinnedHarnesses.hookToModel(samples, turns));
        assertArrayEquals(new double[] {50}, PinnedHarnesses.hookToHanded(samples));
        assertEquals(
                "goal: p50 ≤ 150 ms through a door; 1 of 2 typed instead (the door was not open)",
                PinnedHarnesses.throughTheDoor(samples));
        assertThrows(
                IllegalStateException.class,
                () -> PinnedHarnesses.hookToModel(
                        List.of(new HarnessRelay.Sample("never said", 0, 0, true, OptionalLong.empty())), turns));
    }

    @Test
    void claudesOwnPartRunsFromItsTranscriptsEnqueueToTheModelsRequest() throws Exception {
        Path session =
                Files.createDirectories(dir.resolve(".claude/projects/-work")).resolve("9e5d173e.jsonl");
        Files.writeString(
                session,
                String.join(
                        "\n",
                        "{\"type\":\"queue-operation\",\"operation\":\"enqueue\",\"timestamp\":\"1970-01-01T00:00:01.100Z\","
                                + "\"content\":\"[Ada] (1):\\n\\nclaude bench turn 12, over.\"}",
                        "{\"type\":\"queue-operation\",\"operation\":\"dequeue\",\"timestamp\":\"1970-01-01T00:00:01.150Z\"}",
                        "{\"type\":\"queue-operation\",\"operation\":\"enqueue\",\"timest"));
        List<FakeModel.Call> turns = List.of(
                call(1_000, "[Bo] (2):\n\nclaude bench turn 1, over."),
                call(1_450, "Another Claude session sent a message:\n[Ada] (1):\n\nclaude bench turn 12, over."));
        List<HarnessRelay.Sample> samples = List.of(
                new HarnessRelay.Sample("claude bench turn 12, over.", 1_000, 1_500, true, OptionalLong.of(1_300)),
                new HarnessRelay.Sample("claude bench turn 1, over.", 900, 950, true, OptionalLong.empty()));
        assertArrayEquals(
                new double[] {350},
                ClaudeQueueTimes.read(dir.resolve(".claude")).queuedToModel(samples, turns),
                "the typed turn was never queued, and the torn line is no enqueue");
    }

    @Test
    void aDoorsP50IsAHeadlineAgainstItsGoalUnlessItSaysWhyNot() {
        List<HarnessRelay.Sample> handed = List.of(
                new HarnessRelay.Sample("a", 0, 10, true, OptionalLong.of(5)),
                new HarnessRelay.Sample("b", 0, 10, true, OptionalLong.of(5)));
        Metric slow = PinnedHarnesses.doorRows(
                        "door", "keys", handed, new double[] {310, 320}, new double[] {500, 500}, Optional.empty())
                .get(0);
        assertEquals(OptionalDouble.of(150), slow.limit(), slow.toString());
        assertEquals("goal: p50 ≤ 150 ms through a door", slow.target());
        assertTrue(slow.missed(), "315 ms is more than twice the 150 ms goal: " + slow);
        Metric shown = PinnedHarnesses.doorRows(
                        "door", "keys", handed, new double[] {310, 320}, new double[] {500, 500}, Optional.of("why"))
                .get(0);
        assertTrue(shown.limit().isEmpty() && !shown.missed(), shown.toString());
        assertEquals("goal: p50 ≤ 150 ms through a door (not a headline: why)", shown.target());
        List<HarnessRelay.Sample> oneTyped =
                List.of(handed.get(0), new HarnessRelay.Sample("c", 0, 10, true, OptionalLong.empty()));
        IllegalStateException typed = assertThrows(
                IllegalStateException.class,
                () -> PinnedHarnesses.doorRows(
                        "door", "keys", oneTyped, new double[] {90, 400}, new double[] {500, 500}, Optional.empty()));
        assertEquals(
                "door: goal: p50 ≤ 150 ms through a door; 1 of 2 typed instead (the door was not open)",
                typed.getMessage());
    }

    private static FakeModel.Call call(long at, String lastUserText) {
        return new FakeModel.Call(
                Instant.ofEpochMilli(at),
                "POST",
                "/v1/responses",
                JsonNodeFactory.instance.objectNode(),
                lastUserText,
                false);
    }
}
