package dev.gather.harness;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole gathering of real Claude Code members: three speakers and a harvester, spawned by gather
 * from agents.yaml in the caller's working folder (trusted, so no trust dialog stops them), through
 * the minimal rhythm's three phases to the harvest. The fake model speaks when the piece is
 * announced as its own and passes it; the harvester harvests when asked.
 */
@Live
class ClaudeGatheringTest {
    private static final Pattern ME = Pattern.compile("You are (\\w+) \\(\\d+\\) in this gathering");
    private static final Pattern PIECE = Pattern.compile("The piece is now with (\\w+) \\(");

    @TempDir
    Path tmp;

    @LiveTest
    void threeClaudeSpeakersAndAClaudeHarvesterGatherThroughToTheHarvest() throws Exception {
        try (LiveClaude live = new LiveClaude(tmp)) {
            live.model.script(ClaudeGatheringTest::answer);
            List<String> command = new ArrayList<>(List.of("env"));
            live.env().forEach((k, v) -> command.add(k + "=" + v));
            command.add(NpmHarnesses.bin("claude").toString());
            Files.writeString(
                    live.state.root().resolve("agents.yaml"),
                    "agents:\n  claude: " + FakeModel.JSON.writeValueAsString(command) + "\n");
            var args = LiveClaude.args().put("rhythm", "minimal").put("cwd", live.work.toString());
            var ps = args.putArray("participants");
            for (String name : List.of("Ada", "Bo", "Cy")) {
                ps.addObject().put("name", name).put("role", "speaker").put("agent", "claude");
            }
            ps.addObject().put("name", "Hal").put("role", "harvester").put("agent", "claude");
            JsonNode started = live.call(null, "start_gathering", args);
            assertTrue(started.path("ok").asBoolean(), started.toString());
            String id = started.path("gathering_id").asText();

            try {
                await().atMost(Duration.ofMinutes(5))
                        .until(() -> !live.entries(id, "harvest").isEmpty());
                assertHarvestedInOrder(live, id);
            } catch (AssertionError | ConditionTimeoutException e) {
                // say what the circle did in the failure itself, so the report and the console show it
                // (printed, it went to a file of the surefire reports nobody opened)
                StringBuilder seen = new StringBuilder(e.getMessage() + "\njournal of " + id + ":\n");
                seen.append(Files.readString(live.state.journals().resolve(id + ".jsonl")));
                live.model.calls().forEach(c -> seen.append("model call: ")
                        .append(c.lastUserText())
                        .append('\n'));
                throw new AssertionError(seen.toString(), e);
            }
        }
    }

    private static void assertHarvestedInOrder(LiveClaude live, String id) {
        JsonNode harvest = live.entries(id, "harvest").get(0);
        assertEquals("Hal", harvest.path("from").asText(), harvest.toString());
        assertTrue(harvest.path("text").asText().contains("Harvest of three voices"), harvest.toString());
        // the minimal rhythm: three phases of one round, so each speaker held the piece and passed it three times
        List<String> passes = live.entries(id, "relay").stream()
                .filter(e -> e.path("text").asText().contains("I pass the piece"))
                .map(e -> e.path("from").asText())
                .toList();
        for (String name : List.of("Ada", "Bo", "Cy")) {
            assertTrue(
                    passes.stream().filter(name::equals).count() >= 3,
                    name + " held and passed the piece in every phase: " + passes);
        }
        List<JsonNode> deliveries = live.entries(id, "delivery");
        assertTrue(deliveries.stream().noneMatch(e -> e.path("state").asText().equals("failed")), "no failed delivery");
        // Claude's door carried them unless a member's socket was not known yet or typed messages were ahead
        Map<String, Map<String, Long>> doors = new TreeMap<>();
        for (JsonNode d : deliveries) {
            String how = d.path("state").asText().equals("delivered")
                    ? d.path("text").asText().startsWith("taken: ") ? "claude-socket" : "keystrokes"
                    : "";
            if (!how.isEmpty()) {
                doors.computeIfAbsent(d.path("to").asText(), m -> new TreeMap<>())
                        .merge(how, 1L, Long::sum);
            }
        }
        System.out.println("messages delivered per member and door: " + doors);
        assertTrue(
                doors.values().stream()
                                .filter(m -> m.containsKey("claude-socket"))
                                .count()
                        >= 2,
                "Claude's door carried messages: " + doors);
    }

    /**
     * Speaks and passes when the last announcement this member heard gives it the piece (or a beat
     * asks); harvests when asked; otherwise listens. Each Claude answers every message typed into it.
     */
    private static Reply answer(FakeModel.Call call) {
        String conversation = call.body().path("messages").toString();
        Matcher me = ME.matcher(conversation);
        String name = me.find() ? me.group(1) : "?";
        String said = call.lastUserText();
        if (said.contains("you are the harvester")) {
            return Reply.text("Harvest of three voices: Ada, Bo and Cy met on one decision.");
        }
        Matcher piece = PIECE.matcher(conversation);
        String holder = "";
        while (piece.find()) {
            holder = piece.group(1);
        }
        if (holder.equals(name) || said.contains("[Beat") || said.contains("Your turn is up")) {
            return Reply.text(name + " says what matters to " + name + ". I pass the piece.");
        }
        return Reply.text("(" + name + " listens)");
    }
}
