package dev.gather.harness;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.tmux.InputBox;
import dev.gather.tmux.Pane;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real Codex CLI (pinned) in tmux against {@link FakeOpenAI}, installed with {@code gather
 * install codex}: two panes started plainly with {@code codex} in one CODEX_HOME share one background
 * server, whose notify program and MCP servers run with the first pane's TMUX_PANE. Every turn still
 * reaches its own pane, the second pane's MCP call acts for the second pane, and the title side turn
 * is never relayed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Live
class CodexLiveTest {
    private static final InputBox BOX = LiveCodex.BOX;
    private static final String LINK_ME = "Please link with bo.";
    private static final int TURNS = 12;

    @TempDir
    static Path dir;

    private LiveCodex live;
    private FakeOpenAI model;
    private LocalLauncher launcher;
    private LiveWorld world;
    private Pane ada;
    private Pane bo;
    private final AtomicInteger answers = new AtomicInteger();

    @BeforeAll
    void start() throws Exception {
        live = new LiveCodex(dir);
        model = live.model;
        launcher = live.launcher;
        world = live.world;
        ada = live.spawn("ada");
        // each TUI's thread gets its own gather mcp; a turn started before it answered has no gather tools
        world.until(Duration.ofSeconds(120), () -> launcher.toolLists() >= 1, live::lastWords, ada);
        bo = live.spawn("bo");
        world.until(Duration.ofSeconds(120), () -> launcher.toolLists() >= 2, live::lastWords, ada, bo);
    }

    @AfterAll
    void stop() {
        if (live != null) {
            live.close();
        }
    }

    private String lastWords() {
        return live.lastWords();
    }

    /**
     * A human asks ada (first pane) to link with bo; the model calls send_message over MCP; the two
     * then talk through gather until bo's model closes the link with its own send_message, which
     * only works if the call is known to come from bo's pane, not ada's.
     */
    @LiveTest
    @Order(1)
    void theEmptyBoxAndTextInItAreRecognised() {
        LiveScaffold.boxIsRecognised(world, BOX, bo, model, FakeOpenAI::turn);
    }

    @LiveTest
    @Order(2)
    void codexListsTheInstalledGatherServer() throws Exception {
        ProcessBuilder p = new ProcessBuilder(NpmHarnesses.bin("codex").toString(), "mcp", "list")
                .redirectErrorStream(true)
                .directory(dir.toFile());
        p.environment().putAll(live.codex.env());
        Process run = p.start();
        String out = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(run.waitFor(60, TimeUnit.SECONDS), out);
        assertEquals(0, run.exitValue(), out);
        assertTrue(
                out.lines()
                        .anyMatch(l -> l.startsWith("gather")
                                && l.contains(launcher.script().toString())),
                out);
    }

    @LiveTest
    @Order(3)
    void twoPlainCodexPanesTalkThroughGatherEachTurnAttributedToItsOwnPane() throws Exception {
        model.script(c -> {
            if (c.afterToolResult()) {
                return Reply.text(""); // nothing more to say after a gather tool: no relay
            }
            if (c.lastUserText().equals(LINK_ME)) {
                return new Reply.ToolCall(
                        "mcp__gather/send_message",
                        Map.of("to", bo.id(), "message", "Hello bo,\nthis is line two.", "direct", true),
                        Duration.ZERO);
            }
            int n = answers.incrementAndGet();
            if (n >= TURNS && c.lastUserText().startsWith("[ada]")) {
                return new Reply.ToolCall("mcp__gather/send_message", Map.of("close_link", true), Duration.ZERO);
            }
            return Reply.text((c.lastUserText().startsWith("[ada]") ? "bo" : "ada") + " says " + n);
        });
        world.tmux.paste(ada.id(), LINK_ME);
        await().atMost(Duration.ofSeconds(20)).until(() -> world.screen(ada).contains(LINK_ME));
        world.submit(ada, BOX, LINK_ME);

        world.until(Duration.ofSeconds(60), () -> !world.links().isEmpty(), this::lastWords, ada, bo);
        String link = world.links().get(0);
        world.until(Duration.ofMinutes(4), () -> !world.entries(link, "close").isEmpty(), this::lastWords, ada, bo);

        assertEquals(
                "closed by bo",
                world.entries(link, "close").get(0).path("text").asText(),
                "bo's send_message acted for bo, although its MCP server runs with ada's TMUX_PANE");
        List<JsonNode> relays = world.entries(link, "relay");
        assertTrue(relays.size() >= 10, "at least ten turns relayed: " + relays);
        for (int i = 0; i < relays.size(); i++) {
            assertEquals(i % 2 == 0 ? "ada" : "bo", relays.get(i).path("from").asText(), "turn " + i + ": " + relays);
            assertFalse(relays.get(i).path("text").asText().contains("\"title\""), "a title side turn was relayed");
        }
        assertTrue(model.calls(FakeOpenAI::titleRequest).size() >= 2, "both panes' first turns ran a title side turn");
        LiveScaffold.noFailedStep(world, link);
        // the multi-line handshake was one prompt, and every relayed text reached the model exactly once
        assertEquals(
                1,
                model.calls(c -> FakeOpenAI.turn(c) && c.lastUserText().endsWith("Hello bo,\nthis is line two."))
                        .size());
        relays.forEach(r -> LiveScaffold.submittedOnce(
                model, FakeOpenAI::turn, r.path("text").asText()));
    }

    /**
     * Answers the size models write, 2 to 40 lines and 2 to 4 paragraphs, queued at once for bo: each
     * is pasted, found in Codex's box however far it pushed the prompt line up (or shown as its
     * "[Pasted Content …]" placeholder), submitted, and reaches the model exactly once.
     */
    @LiveTest
    @Order(5)
    void modelSizedMessagesEachReachTheModelOnce() throws Exception {
        LiveScaffold.modelSizedEachOnce(world, model, FakeOpenAI::turn, "codex", bo, this::lastWords);
    }

    /** A command that needs approval opens Codex's dialog: read as one, never pressed through. */
    @LiveTest
    @Order(6)
    void anApprovalDialogIsRecognisedAndAQueuedMessageWaits() throws Exception {
        ApprovalDialog.holds(
                world,
                model,
                BOX,
                ada,
                bo,
                new Reply.ToolCall(
                        "exec_command",
                        Map.of(
                                "cmd", "touch pwned",
                                "sandbox_permissions", "require_escalated",
                                "justification", "make a file"),
                        Duration.ZERO),
                dir.resolve("work"));
    }
}
