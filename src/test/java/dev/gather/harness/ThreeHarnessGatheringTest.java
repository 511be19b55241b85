package dev.gather.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gathering of a real Claude Code, a real Codex CLI and a real Gemini CLI as speakers and gather's
 * sim as harvester, spawned by {@code gather start} from agents.yaml, runs unattended through the
 * minimal rhythm to "harvest complete": every relayed turn reaches every other model once (each
 * fake's request log), and no delivery fails. It hears in a digest: each speaker's model runs only for
 * its seed, its turns and its beats, the words relayed as its turn answer that turn's prompt (no
 * filler), and that prompt carries every word said since its last turn. Claude and Codex are reached through their doors once
 * known, Gemini by keystrokes; a freshly spawned Codex is typed into by keystrokes first.
 */
@Live
class ThreeHarnessGatheringTest {
    @TempDir
    Path dir;

    @LiveTest
    void aClaudeACodexAndAGeminiGatherThroughToTheHarvestEachRelayReachingEachModelOnce() throws Exception {
        try (LiveCircle circle = new LiveCircle(dir)) {
            // a model speaks when the piece is its own and otherwise checks in without words to relay: one
            // answering each message aloud makes the holder relay its answer to every message, a flood
            // that outruns Claude's inbox (rate-limited) and the close (docs/agents.md)
            circle.claudeModel.script(GatheringScripts.speaker("Ada"));
            circle.live.model.script(GatheringScripts.quietAfterTools(GatheringScripts.speaker("Bo")));
            circle.geminiModel.script(GatheringScripts.speaker("Cy"));
            String id = circle.start(
                    "minimal",
                    "-p",
                    "Ada:speaker:claude",
                    "-p",
                    "Bo:speaker:codex",
                    "-p",
                    "Cy:speaker:gemini",
                    "-p",
                    "Hal:harvester:sim");
            circle.untilHarvested(id, Duration.ofMinutes(5));
            try {
                // "delivered" is the harness taking the words (Claude's UserPromptSubmit hook, Codex's turn
                // start); its request to the model follows a moment later, on a loaded machine after the close
                Awaitility.await()
                        .atMost(Duration.ofSeconds(30))
                        .untilAsserted(() -> assertEachRelayHeardOnceAndNoneFailed(
                                circle.world, id, circle.claudeModel, circle.live.model, circle.geminiModel));
                // the minimal rhythm hears in a digest: each model runs for its own prompts, and the words
                // relayed as a turn are the answer to that turn's prompt, which carried what was said since
                DigestChecks.assertSpeakersHeardInADigest(
                        circle.journalEntries(id),
                        Map.of(
                                "Ada", circle.claudeModel.turns(),
                                "Bo", circle.live.model.calls(FakeOpenAI::turn),
                                "Cy", circle.geminiModel.calls(FakeGemini::turn)));
            } catch (ConditionTimeoutException | AssertionError e) {
                System.out.println(circle.story(id).get());
                throw e;
            }
        }
    }

    private static void assertEachRelayHeardOnceAndNoneFailed(
            LiveWorld world, String id, FakeAnthropic claudeModel, FakeOpenAI codexModel, FakeGemini geminiModel) {
        Map<String, Predicate<String>> heardOnce = Map.of(
                "Ada", words -> onceIn(claudeModel.turns(), words),
                "Bo", words -> onceIn(codexModel.calls(FakeOpenAI::turn), words),
                "Cy", words -> onceIn(geminiModel.calls(FakeGemini::turn), words));
        Map<String, Predicate<String>> heardNever = Map.of(
                "Ada", words -> neverIn(claudeModel.turns(), words),
                "Bo", words -> neverIn(codexModel.calls(FakeOpenAI::turn), words),
                "Cy", words -> neverIn(geminiModel.calls(FakeGemini::turn), words));
        List<JsonNode> relays = world.entries(id, "relay");
        assertTrue(relays.size() >= 9, "three speakers, three phases: " + relays.size());
        // the minimal rhythm hears in a digest: what is said reaches a member once, with its next turn's
        // prompt; what is said after its last turn reaches only the people and the harvester
        for (int i = 0; i < relays.size(); i++) {
            String from = relays.get(i).path("from").asText();
            String words = relays.get(i).path("text").asText();
            for (String member : heardOnce.keySet()) {
                if (member.equals(from)) {
                    continue;
                }
                boolean speaksAfter = relays.subList(i + 1, relays.size()).stream()
                        .anyMatch(r -> r.path("from").asText().equals(member));
                if (speaksAfter) {
                    assertTrue(
                            heardOnce.get(member).test(words), member + "'s model heard " + from + " once: " + words);
                } else {
                    assertTrue(
                            heardOnce.get(member).test(words)
                                    || heardNever.get(member).test(words),
                            member + "'s model heard " + from + " at most once: " + words);
                }
            }
        }
        List<JsonNode> deliveries = world.entries(id, "delivery");
        assertTrue(deliveries.stream().noneMatch(d -> d.path("state").asText().equals("failed")), "no failed delivery");
        Map<String, Map<String, Integer>> doors = new TreeMap<>();
        for (JsonNode d : deliveries) {
            if (d.path("state").asText().equals("delivered")) {
                String how = d.path("text").asText().startsWith("taken: ") ? "door" : "keystrokes";
                doors.computeIfAbsent(d.path("to").asText(), m -> new TreeMap<>())
                        .merge(how, 1, Integer::sum);
            }
        }
        System.out.println("delivered per member and door: " + doors);
        // the fresh Codex was typed its first messages while it loaded (no thread known yet), then its queue took over
        assertTrue(doors.get("Bo").containsKey("keystrokes") && doors.get("Bo").containsKey("door"), doors.toString());
        assertEquals("Hal", world.entries(id, "harvest").get(0).path("from").asText());
    }

    private static boolean neverIn(List<FakeModel.Call> turns, String words) {
        return turns.stream().noneMatch(c -> c.lastUserText().contains(words));
    }

    private static boolean onceIn(List<FakeModel.Call> turns, String words) {
        return turns.stream().filter(c -> c.lastUserText().contains(words)).count() == 1;
    }
}
