package dev.gather.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.door.CodexDoors;
import dev.gather.journal.Transcript;
import dev.gather.tmux.InputBox;
import dev.gather.tmux.Pane;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real Codex CLI (pinned) reached through its own door, {@code codex queue}: once its first turn
 * end named bo's thread, messages for bo go in beside a person's half-written draft, which stays in
 * the box; each reaches the model once, and the journal says handed, delivered (taken: the thread's
 * transcript shows it), confirmed. A door that fails hands its messages to the keystrokes, visibly.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Live
class CodexDoorLiveTest {
    private static final InputBox BOX = LiveCodex.BOX;
    private static final String DRAFT = "a half written thought of mine";
    private static final int RELAYS = 6;
    private static final String HANDSHAKE = "Hello bo, over to you.";
    private static final String LINK_ME = "Please link with bo.";

    @TempDir
    static Path dir;

    private LiveCodex live;
    private FakeOpenAI model;
    private LiveWorld world;
    private Pane ada;
    private Pane bo;
    private final AtomicInteger turns = new AtomicInteger();
    private final AtomicInteger adaAnswers = new AtomicInteger();

    @BeforeAll
    void start() throws Exception {
        live = new LiveCodex(dir);
        model = live.model;
        world = live.world;
        model.script(c -> {
            String said = c.lastUserText();
            if (c.afterToolResult()) {
                return Reply.text(""); // nothing more to say after a gather tool: no relay
            }
            if (said.equals(LINK_ME)) {
                return new Reply.ToolCall(
                        "mcp__gather/send_message",
                        Map.of("to", bo.id(), "message", HANDSHAKE, "direct", true),
                        Duration.ZERO);
            }
            int n = turns.incrementAndGet();
            if (!said.startsWith("[bo]")) {
                return Reply.text("bo heard it, turn " + n);
            }
            // ada answers as models do, in several lines, RELAYS times; then says nothing more (no relay)
            return Reply.text(adaAnswers.incrementAndGet() <= RELAYS ? answer(n) : "");
        });
        ada = live.spawn("ada");
        bo = live.spawn("bo");
        // each TUI starts a gather mcp (a JVM): typing while they load races a busy machine
        world.until(Duration.ofSeconds(120), () -> live.launcher.toolLists() >= 2, live::lastWords, ada, bo);
        for (Pane p : List.of(ada, bo)) {
            world.until(Duration.ofSeconds(120), () -> BOX.read(world.screen(p)) == InputBox.State.EMPTY, p);
        }
    }

    private static String answer(int n) {
        StringBuilder s = new StringBuilder("ada's answer " + n + ", in " + (5 + n % 5) + " lines:");
        for (int i = 2; i <= 5 + n % 5; i++) {
            s.append("\nline ").append(i).append(" of answer ").append(n).append(", with some words in it.");
        }
        return s.toString();
    }

    @AfterAll
    void stop() {
        if (live != null) {
            live.close();
        }
    }

    private JsonNode oneShot(String text) throws Exception {
        return world.call(
                null,
                "send",
                LiveWorld.args().put("to", bo.id()).put("message", text).put("expect_reply", false));
    }

    /** The delivery steps for bo of {@code journal}'s entry {@code ref}: state and text. */
    private List<String> steps(String journal, long ref) {
        return world.entries(journal, "delivery").stream()
                .filter(d ->
                        d.path("ref").asLong() == ref && d.path("to").asText().equals("bo"))
                .map(d -> d.path("state").asText() + ": " + d.path("text").asText())
                .toList();
    }

    private long refOf(String journal, String kind, String text) {
        List<JsonNode> all = Transcript.read(world.state.journals().resolve(journal + ".jsonl"));
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).path("kind").asText().equals(kind)
                    && all.get(i).path("text").asText().equals(text)) {
                return i + 1;
            }
        }
        throw new AssertionError("no " + kind + " '" + text + "' in " + journal);
    }

    private List<FakeModel.Call> turnsEndingWith(String text) {
        return model.calls(c -> FakeOpenAI.turn(c) && c.lastUserText().endsWith(text));
    }

    @LiveTest
    @Order(1)
    void theFirstMessageIsTypedBecauseNoTurnEndHasNamedTheThreadYet() throws Exception {
        String text = "A warm-up, typed into an empty box.";
        oneShot(text);
        world.until(
                Duration.ofSeconds(90),
                () -> steps("oneshot", refOf("oneshot", "oneshot", text)).stream()
                        .anyMatch(s -> s.startsWith("confirmed")),
                () -> world.entries("oneshot", "delivery") + "\n" + model.summary(),
                bo);
        List<String> steps = steps("oneshot", refOf("oneshot", "oneshot", text));
        assertTrue(
                steps.get(0).contains("keystrokes instead: codex-queue not open: no Codex thread known"),
                steps.toString());
        assertEquals(1, turnsEndingWith(text).size());
    }

    @LiveTest
    @Order(2)
    void aOneShotGoesThroughTheDoorBesideAPersonsDraftWhichStaysInTheBox() throws Exception {
        world.tmux.paste(bo.id(), DRAFT);
        world.until(Duration.ofSeconds(20), () -> BOX.shows(world.screen(bo), DRAFT), bo);
        String text = "One-shot through Codex's door.";
        oneShot(text);
        // the box holds the draft throughout, so keystrokes could never have brought it: the door did
        world.until(Duration.ofSeconds(90), () -> turnsEndingWith(text).size() == 1, model::summary, bo);
        assertTrue(BOX.shows(world.screen(bo), DRAFT), "the draft is still in the box:\n" + world.screen(bo));
        long ref = refOf("oneshot", "oneshot", text);
        world.until(
                Duration.ofSeconds(30),
                () -> steps("oneshot", ref).stream().anyMatch(s -> s.startsWith("confirmed")),
                () -> steps("oneshot", ref).toString(),
                bo);
        List<String> steps = steps("oneshot", ref);
        // on the server's control socket, as `codex queue` would have sent it, without running it
        assertTrue(steps.get(0).startsWith("handed: codex-queue: Queued message"), steps.toString());
        assertTrue(steps.get(0).endsWith("(control socket)."), steps.toString());
        assertTrue(steps.get(1).startsWith("delivered: taken: codex transcript shows it"), steps.toString());
        // told by the client id it was queued with, which this Codex writes on the turn's item: not by its words
        assertTrue(steps.get(1).contains("(by its client id "), steps.toString());
        assertTrue(steps.get(2).startsWith("confirmed: codex transcript: task_complete"), steps.toString());
        assertEquals(1, turnsEndingWith(text).size(), "once");
        assertTrue(BOX.shows(world.screen(bo), DRAFT), "the draft is untouched:\n" + world.screen(bo));
    }

    @LiveTest
    @Order(3)
    void aDirectLinkRelaysModelSizedAnswersToCodexThroughItsDoorEachOnce() throws Exception {
        // Codex runs every pane's turns in the background server the first TUI started, so its MCP
        // calls name their pane only by their thread (docs/agents.md): ada first ends a turn on words
        // gather typed into it, which teaches gather its thread
        world.call(
                null,
                "send",
                LiveWorld.args()
                        .put("to", ada.id())
                        .put("message", "Good morning.")
                        .put("expect_reply", false));
        world.until(
                Duration.ofSeconds(60),
                () -> world.daemon.sessions().threadOfPane(ada.id()).isPresent(),
                model::summary,
                ada);
        // a person asks ada to link: its model calls send_message within its turn, as models do
        world.tmux.paste(ada.id(), LINK_ME);
        world.until(Duration.ofSeconds(20), () -> BOX.shows(world.screen(ada), LINK_ME), ada);
        world.submit(ada, BOX, LINK_ME);
        world.until(Duration.ofSeconds(60), () -> !world.links().isEmpty(), model::summary, ada, bo);
        String link = world.links().get(0);
        // the conversation ends by itself once ada said its RELAYS answers and bo's last one is taken
        world.until(
                Duration.ofMinutes(4),
                () -> adaAnswers.get() > RELAYS
                        && world.entries(link, "delivery").stream()
                                        .filter(d -> d.path("to").asText().equals("bo"))
                                        .filter(d -> d.path("state").asText().equals("confirmed"))
                                        .count()
                                > RELAYS,
                model::summary,
                ada,
                bo);
        String status = world.status();
        assertTrue(status.contains("\"name\":\"bo\"") && status.contains("\"door\":\"codex-queue\""), status);
        world.call(
                ada,
                "send",
                LiveWorld.args().put("close_link", true).put("message", "").put("to", bo.id()));
        List<JsonNode> fromAda = world.entries(link, "relay").stream()
                .filter(r -> r.path("from").asText().equals("ada"))
                .filter(r -> !r.path("text").asText().equals(HANDSHAKE))
                .limit(RELAYS)
                .toList();
        for (JsonNode r : fromAda) {
            String text = r.path("text").asText();
            assertTrue(text.lines().count() >= 5 && text.lines().count() <= 9, text);
            assertEquals(1, turnsEndingWith(text).size(), "reached bo's model once: " + text);
            long ref = refOf(link, "relay", text);
            world.until(
                    Duration.ofSeconds(60),
                    () -> steps(link, ref).stream().anyMatch(s -> s.startsWith("confirmed")),
                    () -> steps(link, ref).toString(),
                    bo);
            List<String> steps = steps(link, ref);
            assertEquals(3, steps.size(), steps.toString());
            assertTrue(steps.get(0).startsWith("handed: codex-queue"), steps.toString());
            assertTrue(steps.get(1).startsWith("delivered: taken: codex transcript"), steps.toString());
            assertTrue(steps.get(2).startsWith("confirmed"), steps.toString());
        }
        for (JsonNode d : world.entries(link, "delivery")) {
            assertFalse(d.path("state").asText().equals("failed"), "no failed step: " + d);
        }
        assertTrue(BOX.shows(world.screen(bo), DRAFT), "the draft is untouched:\n" + world.screen(bo));
    }

    @LiveTest
    @Order(4)
    void aDoorTakenAwayFallsBackToKeystrokesVisiblyAndNothingIsLost() throws Exception {
        Path broken = dir.resolve("broken/codex");
        Files.createDirectories(broken.getParent());
        Files.writeString(
                broken,
                """
                #!/bin/sh
                if [ "$1" = "--version" ]; then echo "codex-cli 0.169.0"; exit 0; fi
                echo "Error: this door was taken away by the test" >&2
                exit 1
                """);
        Files.setPosixFilePermissions(broken, PosixFilePermissions.fromString("rwx------"));
        CodexDoors real = (CodexDoors) world.daemon.doors().of("codex").orElseThrow();
        world.daemon.doors().register("codex", real.through(broken));
        // the draft would hold the keystrokes back: a person clears it
        world.tmux.sendKeys(bo.id(), "C-u");
        world.until(Duration.ofSeconds(20), () -> BOX.read(world.screen(bo)) == InputBox.State.EMPTY, bo);
        // the link's closing notice may still be on its way in
        world.until(
                Duration.ofSeconds(60),
                () -> !world.status().contains("\"pane\":\"" + bo.id() + "\""),
                world::status,
                bo);

        String text = "Typed in because the door failed.";
        oneShot(text);
        world.until(
                Duration.ofSeconds(60),
                () -> turnsEndingWith(text).size() == 1,
                () -> model.summary() + "\n" + world.entries("oneshot", "delivery") + "\n" + world.status(),
                bo);
        long ref = refOf("oneshot", "oneshot", text);
        List<String> steps = steps("oneshot", ref);
        assertTrue(
                steps.get(0)
                        .startsWith("queued: keystrokes instead: codex-queue failed: codex queue: Error: this door"
                                + " was taken away by the test"),
                steps.toString());
        assertTrue(steps.stream().anyMatch(s -> s.startsWith("typing")), steps.toString());
        assertTrue(world.status().contains("typed instead until"), world.status());
        world.until(
                Duration.ofSeconds(60),
                () -> steps("oneshot", ref).stream().anyMatch(s -> s.startsWith("confirmed")),
                () -> steps("oneshot", ref).toString(),
                bo);
        assertEquals(1, turnsEndingWith(text).size(), "once");
    }
}
