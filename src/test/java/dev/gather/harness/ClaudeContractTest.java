package dev.gather.harness;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.tmux.InputBox;
import dev.gather.tmux.Pane;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.StreamSupport;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.io.TempDir;

/**
 * The delivery contract against the real Claude Code (the pinned npm version) in tmux, offline
 * against {@link FakeAnthropic}, with {@code gather install claude} in its private HOME: what its
 * screen shows is read right, a message is submitted exactly once, a busy Claude waits, and nothing
 * gather types ever answers one of Claude's dialogs ({@link ClaudeLinkTest}: two Claudes linked).
 * Claude starts once per pane for the whole class.
 */
@Live
class ClaudeContractTest extends ClaudeCase {
    Path tmp;
    Pane cy;
    Path pwned;
    /** Holds the model's answer to a SLOW prompt: the test lets it go. */
    final CountDownLatch thinking = new CountDownLatch(1);

    @BeforeAll
    void start(@TempDir Path tmp) throws IOException {
        this.tmp = tmp;
        live = new LiveClaude(tmp);
        pwned = Files.createDirectories(tmp.resolve("target-dir")).resolve("pwned");
        live.model.script(this::answer);
        cy = live.claude("cy");
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
        if (said.contains("SLOW:")) {
            // the model thinks until the test has seen Claude wait with the next message (at most LONG)
            try {
                thinking.await(LONG.toSeconds(), TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Reply.text("done thinking slowly");
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
        live.assertNoFailedStep("oneshot");
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
        // the model is still thinking: `next` waits, in gather's queue while Claude is busy (keystrokes),
        // or in Claude's own queue once handed through its door; either way Claude does not take it yet.
        // The request can reach the model before gather has seen the box clear after its Enter or the
        // door's hand-over, so this is awaited while the model thinks
        try {
            await().atMost(LONG).until(() -> waiting(channel(cy)));
            assertTrue(live.turnsWith(next).isEmpty(), "nothing typed while the model thinks");
            // through the door Claude lists the message it queued above its box: shown, not typed
            assertFalse(!throughDoor(channel(cy)) && live.screen(cy).contains(next), live.screen(cy));
        } finally {
            thinking.countDown();
        }
        await().atMost(LONG).until(() -> live.turnsWith(next).size() == 1);
        awaitIdle(cy);
        assertEquals(1, live.turnsWith(next).size());
        assertEquals(1, live.turnsWith(slow).size());
    }

    /** Whether a member's delivery picture shows a message held back: queued while busy, or handed to its door. */
    /** Whether {@code pane}'s messages go through its harness's door (Claude's inbox), not keystrokes. */
    private boolean throughDoor(Pane pane) {
        try {
            return throughDoor(channel(pane));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean throughDoor(JsonNode member) {
        return !member.path("door").asText("keystrokes").equals("keystrokes");
    }

    private static boolean waiting(JsonNode member) {
        String text = member.toString();
        boolean typed = member.path("state").asText().equals("busy") && text.contains("queued");
        boolean door = !member.path("door").asText("keystrokes").equals("keystrokes") && text.contains("handed");
        return typed || door;
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
                    .until(() -> channel(stranger).path("note").asText().equals("waiting: dialog open"));
            assertEquals(
                    "starting",
                    channel(stranger).path("state").asText(),
                    channel(stranger).toString());
            assertFalse(live.screen(stranger).contains(words), live.screen(stranger));
            assertEquals(InputBox.State.DIALOG, live.box().read(live.screen(stranger)), "still asking");
        } finally {
            live.tmux.kill(stranger.id());
        }
    }

    /**
     * Answers the size models write, 2 to 40 lines and 2 to 4 paragraphs, queued at once: each is
     * pasted, submitted once (Claude shows the long ones as "[Pasted text #n +k lines]"), and reaches
     * the model exactly once, whole.
     */
    @LiveTest
    @Order(6)
    void modelSizedMessagesEachReachTheModelOnce() throws IOException {
        List<String> messages = ModelSized.messages("claude");
        ModelSized.queue(
                messages,
                m -> live.call(
                        null,
                        "send",
                        LiveClaude.args().put("to", cy.id()).put("message", m).put("expect_reply", false)));
        try {
            await().atMost(Duration.ofMinutes(4)).until(() -> ModelSized.allArrived(messages, live.model.turns()));
            await().atMost(LONG).until(() -> ModelSized.allConfirmed(live.state, messages));
        } catch (ConditionTimeoutException e) {
            throw new AssertionError(live.screen(cy) + "\n" + live.model.summary(), e);
        }
        ModelSized.eachOnceAndWhole(messages, live.model.turns(), live.model.summary());
        // cy's own steps: an earlier test leaves a failure of its own in this journal (a pane it ended)
        List<JsonNode> failed = live.entries("oneshot", "delivery").stream()
                .filter(d -> d.path("pane").asText().equals(cy.id())
                        && d.path("state").asText().equals("failed"))
                .toList();
        assertTrue(failed.isEmpty(), failed.toString());
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
        } catch (ConditionTimeoutException e) {
            throw new AssertionError(unsafe(dee) + "\n" + live.screen(dee), e);
        }
        // it waits visibly: in gather's queue behind the dialog, or handed, in Claude's own
        await().atMost(LONG)
                .until(() -> channel(dee).path("note").asText().equals("waiting: dialog open")
                        || throughDoor(channel(dee)) && channel(dee).toString().contains("handed"));
        assertTrue(bashResults().isEmpty(), "the fake never got the Bash tool's result");
        assertFalse(Files.exists(pwned), "the Bash command never ran");
    }

    /** What went wrong in {@code dee} with its permission dialog open; empty while nothing did. */
    private List<String> unsafe(Pane dee) {
        List<String> wrong = new ArrayList<>();
        if (!bashResults().isEmpty()) {
            wrong.add("the fake got a tool result: the tool was approved");
        }
        if (Files.exists(pwned)) {
            wrong.add("the Bash command ran");
        }
        if (!live.turnsWith("queued two").isEmpty()) {
            wrong.add("a queued message reached the model");
        }
        if (!throughDoor(dee) && live.screen(dee).contains("queued two")) {
            wrong.add("a queued message was typed into the dialog");
        }
        return wrong;
    }

    /** Model calls carrying a result of the Bash call that would touch {@link #pwned}. */
    private List<FakeModel.Call> bashResults() {
        return live.model.calls(c -> c.afterToolResult() && c.mentions(pwned.toString()));
    }

    private boolean delivered(String journal, String words) {
        List<String> refs = live.entries(journal, "oneshot").stream()
                .filter(e -> e.path("text").asText().contains(words))
                .map(e -> e.path("ref").asText(e.path("id").asText()))
                .toList();
        return live.model.turns().stream().anyMatch(c -> c.lastUserText().contains(words)) && !refs.isEmpty();
    }

    /** The channel picture of {@code pane} from the daemon's status. */
    private JsonNode channel(Pane pane) throws IOException {
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
                .until(() -> channel(pane).path("pending").isEmpty()
                        && !channel(pane).path("state").asText().equals("busy"));
    }
}
