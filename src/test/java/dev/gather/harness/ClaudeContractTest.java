package dev.gather.harness;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.tmux.InputBox;
import dev.gather.tmux.Pane;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The delivery contract against the real Claude Code (the pinned npm version) in tmux, offline
 * against {@link FakeAnthropic}, with {@code gather install claude} in its private HOME: what its
 * screen shows is read right, a message is submitted exactly once, a turn end reaches the other
 * pane, and nothing gather types ever answers one of Claude's dialogs. Claude starts once per pane
 * for the whole class.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Live
class ClaudeContractTest {
    private static final Duration LONG = Duration.ofSeconds(120);

    Path tmp;
    LiveClaude live;
    Pane ada;
    Pane bo;
    Pane cy;
    final AtomicInteger linkTurns = new AtomicInteger();
    Path pwned;

    @BeforeAll
    void start(@TempDir Path tmp) throws IOException {
        this.tmp = tmp;
        live = new LiveClaude(tmp);
        pwned = Files.createDirectories(tmp.resolve("target-dir")).resolve("pwned");
        live.model.script(this::answer);
        ada = live.start("ada", live.work);
        bo = live.start("bo", live.work);
        cy = live.start("cy", live.work);
        for (Pane p : List.of(ada, bo, cy)) {
            live.awaitBox(p, InputBox.State.EMPTY);
        }
    }

    @AfterAll
    void stop() {
        if (live != null) {
            live.close();
        }
    }

    /** The fake model's script, by what the prompt says (every pane talks to the same fake). */
    private Reply answer(FakeModel.Call call) {
        String said = call.lastUserText();
        if (said.contains("TOOL:")) {
            return call.afterToolResult()
                    ? Reply.text("the tool ran")
                    : new Reply.ToolCall(
                            "Bash", Map.of("command", "touch " + pwned, "description", "touch a file"), Duration.ZERO);
        }
        if (said.contains("LINK-MCP:") && !call.afterToolResult()) {
            String tool = StreamSupport.stream(call.body().path("tools").spliterator(), false)
                    .map(t -> t.path("name").asText())
                    .filter(n -> n.startsWith("mcp__") && n.endsWith("__send_message"))
                    .findFirst()
                    .orElse("no gather send_message tool offered");
            return new Reply.ToolCall(
                    tool, Map.of("to", bo.id(), "message", "hello bo via mcp", "direct", true), Duration.ZERO);
        }
        if (said.contains("SLOW:")) {
            return new Reply.Text("done thinking slowly", Duration.ofSeconds(8));
        }
        if (said.contains("] (1):") || said.contains("] (2):")) {
            return Reply.text("link turn " + linkTurns.incrementAndGet() + " from the other side");
        }
        String[] lines = said.strip().split("\n");
        return Reply.text("heard: " + lines[lines.length - 1]);
    }

    @LiveTest
    @Order(1)
    void anEmptyBoxAndTextInTheBoxAreRecognisedOnTheRealScreen() {
        assertEquals(InputBox.State.EMPTY, live.box().read(live.screen(cy)), () -> live.screen(cy));
        live.tmux.sendKeys(cy.id(), "-l", "typed by hand");
        live.awaitBox(cy, InputBox.State.HOLDS);
        live.tmux.sendKeys(cy.id(), "C-u");
        live.awaitBox(cy, InputBox.State.EMPTY);
        assertTrue(live.turnsWith("typed by hand").isEmpty(), "nothing was submitted");
    }

    @LiveTest
    @Order(2)
    void aRelayedMessageIsSubmittedExactlyOnce() throws IOException {
        String words = "exactly once " + System.nanoTime();
        JsonNode sent = send(null, cy, words);
        assertTrue(sent.path("ok").asBoolean(), sent.toString());
        await().atMost(LONG).until(() -> delivered("oneshot", words));
        awaitIdle(cy);
        assertEquals(1, live.turnsWith(words).size(), "one model call carries the message");
        assertNoFailedStep("oneshot");
    }

    @LiveTest
    @Order(3)
    void aMultiLineMessageIsOnePrompt() throws IOException {
        String first = "first line " + System.nanoTime();
        send(null, cy, first + "\nsecond line\nthird line");
        await().atMost(LONG).until(() -> delivered("oneshot", first));
        awaitIdle(cy);
        List<FakeModel.Call> calls = live.turnsWith(first);
        assertEquals(1, calls.size(), "one model call for the whole message");
        String prompt = calls.get(0).lastUserText();
        assertTrue(prompt.contains(first + "\nsecond line\nthird line"), prompt);
    }

    @LiveTest
    @Order(4)
    void aBusyClaudeIsNotTypedInto() throws IOException {
        String slow = "SLOW: " + System.nanoTime();
        String next = "after the slow one " + System.nanoTime();
        send(null, cy, slow);
        send(null, cy, next);
        await().atMost(LONG).until(() -> live.turnsWith(slow).size() == 1);
        // the model is still thinking: Claude's box is empty under its spinner, but gather holds on.
        // The request can reach the model before gather has seen the box clear after its Enter (the
        // prompt is then still 'typing'), so busy is awaited, well inside the model's 8 s
        await().atMost(Duration.ofSeconds(4))
                .until(() -> mailbox(cy).path("state").asText().equals("busy"));
        JsonNode member = mailbox(cy);
        assertEquals("busy", member.path("state").asText(), member.toString());
        assertTrue(member.toString().contains("queued"), member.toString());
        assertTrue(live.turnsWith(next).isEmpty(), "nothing typed while the model thinks");
        assertFalse(live.screen(cy).contains(next), live.screen(cy));
        await().atMost(LONG).until(() -> live.turnsWith(next).size() == 1);
        awaitIdle(cy);
        assertEquals(1, live.turnsWith(next).size());
        assertEquals(1, live.turnsWith(slow).size());
    }

    @LiveTest
    @Order(5)
    void aClaudeInAnUntrustedFolderWaitsVisiblyOnItsTrustDialogAndNothingIsTypedIntoIt() throws IOException {
        Path untrusted = Files.createDirectories(tmp.resolve("untrusted"));
        Pane stranger = live.start("stranger", untrusted);
        try {
            await().atMost(LONG).until(() -> live.box().read(live.screen(stranger)) == InputBox.State.DIALOG);
            String words = "never typed into a dialog " + System.nanoTime();
            send(null, stranger, words);
            await().atMost(LONG)
                    .until(() -> mailbox(stranger).path("note").asText().equals("waiting: dialog open"));
            assertEquals(
                    "starting",
                    mailbox(stranger).path("state").asText(),
                    mailbox(stranger).toString());
            assertFalse(live.screen(stranger).contains(words), live.screen(stranger));
            assertEquals(InputBox.State.DIALOG, live.box().read(live.screen(stranger)), "still asking");
        } finally {
            live.tmux.kill(stranger.id());
        }
    }

    @LiveTest
    @Order(10)
    void aDirectLinkBetweenTwoClaudesRunsTenTurnsEachWayWithNoFailedStep() throws IOException {
        JsonNode answer = live.call(
                ada,
                "send",
                LiveClaude.args()
                        .put("to", bo.id())
                        .put("message", "Hello Bo, over to you")
                        .put("direct", true));
        assertTrue(answer.path("ok").asBoolean(), answer.toString());
        String link = answer.path("link").path("id").asText();
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
        assertNoFailedStep(link);
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
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        p.waitFor();
        return out;
    }

    @LiveTest
    @Order(20)
    void aToolCallsPermissionDialogIsNeverAnsweredAndTheQueueWaitsVisibly() throws IOException {
        Pane dee = live.start("dee", live.work);
        live.awaitBox(dee, InputBox.State.EMPTY);
        send(null, dee, "TOOL: please touch the file");
        send(null, dee, "queued two");
        send(null, dee, "queued three");
        await().atMost(LONG).until(() -> live.screen(dee).contains("Do you want to proceed?"));
        // whatever gather does from here, for a while: the tool never runs, nothing more is typed
        try {
            await().during(Duration.ofSeconds(5)).atMost(Duration.ofSeconds(30)).until(() -> unsafe(dee)
                    .isEmpty());
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            throw new AssertionError(unsafe(dee) + "\n" + live.screen(dee), e);
        }
        await().atMost(LONG).until(() -> mailbox(dee).path("note").asText().equals("waiting: dialog open"));
        assertTrue(mailbox(dee).toString().contains("queued"), mailbox(dee).toString());
        assertTrue(bashResults().isEmpty(), "the fake never got the Bash tool's result");
        assertFalse(Files.exists(pwned), "the Bash command never ran");
    }

    /** What went wrong in {@code dee} with its permission dialog open; empty while nothing did. */
    private List<String> unsafe(Pane dee) {
        List<String> wrong = new java.util.ArrayList<>();
        if (!bashResults().isEmpty()) {
            wrong.add("the fake got a tool result: the tool was approved");
        }
        if (Files.exists(pwned)) {
            wrong.add("the Bash command ran");
        }
        if (!live.turnsWith("queued two").isEmpty()) {
            wrong.add("a queued message reached the model");
        }
        if (live.screen(dee).contains("queued two")) {
            wrong.add("a queued message was typed into the dialog");
        }
        return wrong;
    }

    /** Model calls carrying a result of the Bash call that would touch {@link #pwned}. */
    private List<FakeModel.Call> bashResults() {
        return live.model.calls(c -> c.afterToolResult() && c.mentions(pwned.toString()));
    }

    /** The first model call of {@code pane}'s Claude: the one carrying the first message it was sent. */
    private FakeModel.Call firstTurnOf(Pane pane) {
        String first = pane == bo ? "Hello Bo, over to you" : "[bo] (2):";
        return live.turnsWith(first).get(0);
    }

    /** Which Claude session made {@code call} (its metadata names the session). */
    private static String session(FakeModel.Call call) {
        return call.body().path("metadata").path("user_id").asText();
    }

    private JsonNode send(Pane from, Pane to, String message) throws IOException {
        return live.call(from, "send", LiveClaude.args().put("to", to.id()).put("message", message));
    }

    private boolean delivered(String journal, String words) {
        List<String> refs = live.entries(journal, "oneshot").stream()
                .filter(e -> e.path("text").asText().contains(words))
                .map(e -> e.path("ref").asText(e.path("id").asText()))
                .toList();
        return live.model.turns().stream().anyMatch(c -> c.lastUserText().contains(words)) && !refs.isEmpty();
    }

    private void assertNoFailedStep(String journal) {
        List<JsonNode> failed = live.entries(journal, "delivery").stream()
                .filter(e -> e.path("state").asText().equals("failed"))
                .toList();
        assertTrue(failed.isEmpty(), failed.toString());
    }

    /** The mailbox picture of {@code pane} from the daemon's status. */
    private JsonNode mailbox(Pane pane) throws IOException {
        JsonNode status = live.call(null, "status", LiveClaude.args());
        return StreamSupport.stream(status.path("deliveries").spliterator(), false)
                .filter(d -> d.path("pane").asText().equals(pane.id()))
                .map(d -> d.path("delivery"))
                .findFirst()
                .orElse(LiveClaude.args());
    }

    /** Waits until gather saw {@code pane}'s turn end and has nothing pending for it. */
    private void awaitIdle(Pane pane) {
        await().atMost(LONG)
                .until(() -> mailbox(pane).path("pending").isEmpty()
                        && !mailbox(pane).path("state").asText().equals("busy"));
    }
}
