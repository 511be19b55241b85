package dev.gather.harness;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.install.Installer;
import dev.gather.tmux.Pane;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real Codex CLI (pinned) in tmux against {@link FakeOpenAI}: two panes started plainly with
 * {@code codex} in one CODEX_HOME share one background server, whose notify runs with the first
 * pane's TMUX_PANE; every turn still reaches its own pane, and the title side turn is never relayed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CodexLiveTest {
    @TempDir
    static Path dir;

    private FakeOpenAI model;
    private CodexHome codex;
    private LiveWorld world;
    private Pane ada;
    private Pane bo;
    private final AtomicInteger answers = new AtomicInteger();

    @BeforeAll
    void start() throws Exception {
        model = new FakeOpenAI();
        model.script(c -> Reply.text("answer " + answers.incrementAndGet()));
        Path home = dir.resolve("home");
        Path work = Files.createDirectories(dir.resolve("work"));
        codex = new CodexHome(home, model).prepare(List.of(work));
        Installer.forHarness("codex", home, LiveWorld.gatherScript()).install();
        world = new LiveWorld(dir.resolve("gather"));
        List<String> cmd = List.of(NpmHarnesses.bin("codex").toString());
        ada = world.spawn("ada", cmd, codex.env(), work);
        await().atMost(Duration.ofSeconds(60)).until(() -> world.screen(ada).contains("›"));
        bo = world.spawn("bo", cmd, codex.env(), work);
        await().atMost(Duration.ofSeconds(60)).until(() -> world.screen(bo).contains("›"));
    }

    @AfterAll
    void stop() {
        if (world != null) {
            world.close();
        }
        if (codex != null) {
            codex.stopServers();
        }
        if (model != null) {
            model.close();
        }
    }

    @Test
    void twoPlainCodexPanesTalkTenTurnsEachTurnAttributedToItsOwnPane() throws Exception {
        JsonNode answer = world.call(
                ada,
                "send",
                LiveWorld.args().put("to", bo.id()).put("message", "Hello bo").put("direct", true));
        assertTrue(answer.path("ok").asBoolean(), answer.toString());
        String link = answer.path("link").path("id").asText();

        await().atMost(Duration.ofMinutes(4))
                .until(() -> world.entries(link, "relay").size() >= 11);
        world.call(ada, "send", LiveWorld.args().put("close_link", true));

        List<JsonNode> relays = world.entries(link, "relay").subList(0, 11);
        String first = relays.get(0).path("from").asText();
        String second = relays.get(1).path("from").asText();
        assertFalse(first.equals(second), "bo answers ada: " + relays.get(1));
        for (int i = 0; i < relays.size(); i++) {
            assertEquals(i % 2 == 0 ? first : second, relays.get(i).path("from").asText(), "turn " + i + ": " + relays);
        }
        for (JsonNode r : relays) {
            assertFalse(r.path("text").asText().contains("\"title\""), "a title side turn was relayed: " + r);
        }
        // both panes' first turns ran a title side turn (its own thread), and none reached a pane
        assertTrue(model.calls(FakeOpenAI::titleRequest).size() >= 2, "Codex asked for thread titles");
        for (JsonNode d : world.entries(link, "delivery")) {
            assertFalse(d.path("state").asText().equals("failed"), "no failed step: " + d);
        }
        // each relayed text reached the model exactly once, from the pane it was typed into
        for (JsonNode r : relays.subList(1, relays.size())) {
            String text = r.path("text").asText();
            assertEquals(
                    1,
                    model.calls(c -> FakeOpenAI.turn(c) && c.lastUserText().endsWith(text))
                            .size(),
                    "'" + text + "' submitted once");
        }
    }
}
