package dev.gather.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.home.Homes;
import dev.gather.install.Installer;
import dev.gather.tmux.Pane;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gathering of a real Claude Code, a real Codex CLI and a real Gemini CLI as speakers and gather's
 * sim as harvester, spawned by {@code gather start} from agents.yaml, runs unattended through the
 * minimal rhythm to "harvest complete": every relayed turn reaches every other model once (each
 * fake's request log), and no delivery fails. Claude and Codex are reached through their doors once
 * known, Gemini by keystrokes; a freshly spawned Codex is typed into by keystrokes first.
 */
@Live
class ThreeHarnessGatheringTest {
    private static final Pattern PIECE = Pattern.compile("The piece is now with (\\w+) \\(");

    @TempDir
    Path dir;

    @LiveTest
    void aClaudeACodexAndAGeminiGatherThroughToTheHarvestEachRelayReachingEachModelOnce() throws Exception {
        FakeAnthropic claudeModel = new FakeAnthropic();
        FakeGemini geminiModel = new FakeGemini();
        try (LiveCodex live = new LiveCodex(dir.resolve("codex"));
                AutoCloseable models = () -> {
                    claudeModel.close();
                    geminiModel.close();
                }) {
            LiveWorld world = live.world;
            // a model speaks when the piece is its own and otherwise checks in without words to relay: one
            // answering each message aloud makes the holder relay its answer to every message, a flood
            // that outruns Claude's inbox (rate-limited) and the close (docs/agents.md)
            claudeModel.script(speaker("Ada"));
            Function<FakeModel.Call, Reply> bo = speaker("Bo");
            live.model.script(c -> c.afterToolResult() ? Reply.text("") : bo.apply(c));
            geminiModel.script(speaker("Cy"));

            ClaudeHome claude = new ClaudeHome(dir.resolve("claude-home"), claudeModel).prepare(List.of(live.work));
            GeminiHome gemini = new GeminiHome(dir.resolve("gemini-home"), geminiModel).prepare(List.of(live.work));
            Map<String, String> claudeEnv = new HashMap<>(claude.env());
            claudeEnv.put("TERM", "xterm-256color");
            install("claude", claudeEnv, live);
            install("gemini", gemini.env(), live);
            world.agents(Map.of(
                    "claude",
                            LiveWorld.withEnv(
                                    claudeEnv, NpmHarnesses.bin("claude").toString()),
                    "codex",
                            LiveWorld.withEnv(
                                    live.codex.env(), NpmHarnesses.bin("codex").toString()),
                    "gemini",
                            LiveWorld.withEnv(
                                    gemini.env(), NpmHarnesses.bin("gemini").toString()),
                    // a quick harvester: its harvest lands while the models still answer the last words,
                    // which reach them before the closing words all the same (EffectRunner, LastWordsTest)
                    "sim", LiveWorld.sim("--name", "{name}", "--polite")));

            String started = world.gather(
                    live.launcher.script(),
                    live.work,
                    "start",
                    "minimal",
                    "-p",
                    "Ada:speaker:claude",
                    "-p",
                    "Bo:speaker:codex",
                    "-p",
                    "Cy:speaker:gemini",
                    "-p",
                    "Hal:harvester:sim");
            Matcher g = Pattern.compile("started (g-\\S+)").matcher(started);
            assertTrue(g.find(), started);
            String id = g.group(1);
            List<Pane> members = new ArrayList<>();
            world.entries(id, "start")
                    .get(0)
                    .path("spawned")
                    .fieldNames()
                    .forEachRemaining(p -> members.add(world.adopt(p)));

            // what the circle did, so a failure under load can be read from the report
            Supplier<String> story = () -> "journal of " + id + ":\n" + journal(world, id) + "\n" + live.lastWords()
                    + "\n" + claudeModel.summary() + "\n" + geminiModel.summary();
            world.until(
                    Duration.ofMinutes(5),
                    () -> world.entries(id, "close").stream()
                            .anyMatch(c -> c.path("text").asText().contains("harvest complete")),
                    story,
                    members.toArray(Pane[]::new));
            try {
                // "delivered" is the harness taking the words (Claude's UserPromptSubmit hook, Codex's turn
                // start); its request to the model follows a moment later, on a loaded machine after the close
                org.awaitility.Awaitility.await()
                        .atMost(Duration.ofSeconds(30))
                        .untilAsserted(() ->
                                assertEachRelayHeardOnceAndNoneFailed(world, id, claudeModel, live.model, geminiModel));
            } catch (org.awaitility.core.ConditionTimeoutException | AssertionError e) {
                System.out.println(story.get());
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

    /**
     * {@code name}'s model: speaks once the last announcement gives it the piece (or a beat asks) and
     * passes it, in new words each time; otherwise answers with a checkpoint, which is not relayed.
     */
    private static Function<FakeModel.Call, Reply> speaker(String name) {
        AtomicInteger turns = new AtomicInteger();
        return call -> {
            String said = call.lastUserText();
            Matcher piece = PIECE.matcher(call.body().toString());
            String holder = "";
            while (piece.find()) {
                holder = piece.group(1);
            }
            int n = turns.incrementAndGet();
            if (holder.equals(name) || said.contains("[Beat") || said.contains("Your turn is up")) {
                return Reply.text(name + " speaks, turn " + n + ". I pass the piece.");
            }
            // never empty: Claude asks an empty-answering model again
            return Reply.text("[checkpoint] " + name + " listens");
        };
    }

    /** {@code gather install harness} into the home {@code env} names, for this world's daemon. */
    private static void install(String harness, Map<String, String> env, LiveCodex live) throws Exception {
        Map<String, String> with = new HashMap<>(env);
        with.put("GATHER_HOME", live.world.state.root().toString());
        Installer.forHarness(harness, Homes.of(with), live.launcher.script(), Clock.systemUTC())
                .install();
    }

    private static String journal(LiveWorld world, String id) {
        try {
            return Files.readString(world.state.journals().resolve(id + ".jsonl"));
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }
}
