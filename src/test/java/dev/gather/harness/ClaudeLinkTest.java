package dev.gather.harness;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gather.tmux.Pane;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two real Claude Code sessions (the pinned npm version) linked by gather, offline against {@link
 * FakeAnthropic}: each answer is typed into the other Claude once, attributed, for ten turns each
 * way; and the model itself links them by calling gather's {@code send_message} over MCP.
 */
@Live
class ClaudeLinkTest extends ClaudeCase {
    Pane ada;
    Pane bo;
    final AtomicInteger linkTurns = new AtomicInteger();

    @BeforeAll
    void start(@TempDir Path tmp) throws IOException {
        live = new LiveClaude(tmp);
        live.model.script(this::answer);
        List<Pane> panes = live.claudes("ada", "bo");
        ada = panes.get(0);
        bo = panes.get(1);
    }

    /** The fake model's script: a link turn answers the other side; the MCP prompt calls send_message. */
    private Reply answer(FakeModel.Call call) {
        String said = call.lastUserText();
        if (said.contains("LINK-MCP:") && !call.afterToolResult()) {
            String tool = StreamSupport.stream(call.body().path("tools").spliterator(), false)
                    .map(t -> t.path("name").asText())
                    .filter(n -> n.startsWith("mcp__") && n.endsWith("__send_message"))
                    .findFirst()
                    .orElse("no gather send_message tool offered");
            return new Reply.ToolCall(
                    tool, Map.of("to", bo.id(), "message", "hello bo via mcp", "direct", true), Duration.ZERO);
        }
        if (said.contains("] (1):") || said.contains("] (2):")) {
            return Reply.text("link turn " + linkTurns.incrementAndGet() + " from the other side");
        }
        return Reply.text("heard: " + said.strip().lines().reduce((a, b) -> b).orElse(""));
    }

    @LiveTest
    @Order(10)
    void aDirectLinkBetweenTwoClaudesRunsTenTurnsEachWayWithNoFailedStep() throws IOException {
        String link = live.link(ada, bo, "Hello Bo, over to you");
        await().atMost(Duration.ofMinutes(4))
                .until(() -> live.entries(link, "relay").size() >= 21
                        && live.entries(link, "relay").subList(1, 21).stream()
                                .allMatch(r ->
                                        !live.turnsWith(r.path("text").asText()).isEmpty()));
        live.call(
                ada,
                "send",
                LiveClaude.args().put("close_link", true).put("message", "").put("to", bo.id()));
        List<JsonNode> relays = live.entries(link, "relay").subList(0, 21);
        for (int i = 0; i < relays.size(); i++) {
            JsonNode r = relays.get(i);
            String from = i % 2 == 0 ? "ada" : "bo";
            assertEquals(from, r.path("from").asText(), "turn " + i + ": " + r);
            if (i > 0) {
                // the words are the model's answer, taken from the Stop hook of the pane that said them
                String words = r.path("text").asText();
                assertTrue(words.matches("link turn \\d+ from the other side"), r.toString());
                assertEquals(1, live.turnsWith(words).size(), "relayed once: " + words);
                Pane to = i % 2 == 0 ? bo : ada;
                String attributed = (i % 2 == 0 ? "[ada] (1):" : "[bo] (2):");
                assertTrue(live.turnsWith(words).get(0).lastUserText().contains(attributed), "attributed: " + words);
                assertEquals(
                        session(firstTurnOf(to)),
                        session(live.turnsWith(words).get(0)),
                        "submitted in " + to.id() + "'s Claude: " + words);
            }
        }
        assertNotEquals(session(firstTurnOf(ada)), session(firstTurnOf(bo)), "two sessions, told apart");
        live.assertNoFailedStep(link);
    }

    @LiveTest
    @Order(15)
    void theModelCallingSendMessageOverMcpLinksTwoClaudes() throws Exception {
        String claudeSays = mcpList();
        assertTrue(claudeSays.matches("(?s).*gather:.*Connected.*"), claudeSays);
        send(null, ada, "LINK-MCP: link with bo please");
        await().atMost(LONG).until(() -> !live.turnsWith("hello bo via mcp").isEmpty());
        assertTrue(
                live.model.offeredTools().contains("mcp__gather__send_message"),
                live.model.offeredTools().toString());
        JsonNode links = live.call(null, "links", LiveClaude.args()).path("links");
        JsonNode link = StreamSupport.stream(links.spliterator(), false)
                .filter(l -> l.toString().contains(bo.id()) && l.toString().contains(ada.id()))
                .reduce((a, b) -> b)
                .orElseThrow(() -> new AssertionError("no link of ada and bo: " + links));
        assertEquals("direct", link.path("rhythm").asText(), link.toString());
        assertEquals(
                session(firstTurnOf(bo)),
                session(live.turnsWith("hello bo via mcp").get(0)));
        live.call(
                ada,
                "send",
                LiveClaude.args().put("close_link", true).put("message", "").put("to", bo.id()));
    }

    /** {@code claude mcp list} run as the user would, with the private HOME: gather is connected. */
    private String mcpList() throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(NpmHarnesses.bin("claude").toString(), "mcp", "list")
                .directory(live.work.toFile())
                .redirectErrorStream(true);
        pb.environment().putAll(live.env());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return out;
    }

    /** The first model call of {@code pane}'s Claude: the one carrying the first message it was sent. */
    private FakeModel.Call firstTurnOf(Pane pane) {
        String first = pane == bo ? "Hello Bo, over to you" : "[bo] (2):";
        return live.turnsWith(first).get(0);
    }

    /** Which Claude session made {@code call} (its metadata names the session). */
    private static String session(FakeModel.Call call) {
        // its user_id is JSON: the session, and a device id that two Claudes starting at once in one
        // HOME may each write to its config, so one session's calls can carry either
        String userId = call.body().path("metadata").path("user_id").asText();
        try {
            return new ObjectMapper().readTree(userId).path("session_id").asText(userId);
        } catch (JsonProcessingException e) {
            return userId; // an older Claude sends the session's id as a plain string
        }
    }
}
