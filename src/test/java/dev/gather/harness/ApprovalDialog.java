package dev.gather.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.tmux.InputBox;
import dev.gather.tmux.Pane;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

/**
 * The permission-dialog must-show for a harness a person drives: they submit a prompt whose answer
 * is a tool call that needs approval, the harness opens its dialog, and a message sent to it then
 * waits visibly ({@code waiting: dialog open}) while nothing is typed or pressed into the dialog.
 */
final class ApprovalDialog {
    private static final String PROMPT = "Make a file, please.";
    private static final String COMMAND = "touch pwned";

    private ApprovalDialog() {}

    /**
     * Runs it in {@code harness}, whose model answers the prompt with {@code toolCall} (a call in the
     * harness's own tool names that runs {@value #COMMAND} in {@code work}); {@code sender} sends the
     * message that must wait.
     */
    static void holds(
            LiveWorld world,
            FakeModel model,
            InputBox box,
            Pane harness,
            Pane sender,
            Reply.ToolCall toolCall,
            Path work)
            throws Exception {
        model.script(
                c -> c.lastUserText().strip().endsWith(PROMPT) && !c.afterToolResult() ? toolCall : Reply.text("fine"));
        // a link's closing notice may still be on its way in: a person waits for a quiet box
        world.until(
                Duration.ofSeconds(60),
                () -> !world.status().contains("\"pane\":\"" + harness.id() + "\"")
                        && box.read(world.screen(harness)) == InputBox.State.EMPTY,
                world::status,
                harness);
        world.tmux.paste(harness.id(), PROMPT);
        world.until(Duration.ofSeconds(20), () -> box.shows(world.screen(harness), PROMPT), harness);
        submit(world, box, harness);
        world.until(Duration.ofSeconds(60), () -> box.read(world.screen(harness)) == InputBox.State.DIALOG, harness);

        JsonNode sent = world.call(
                sender, "send", LiveWorld.args().put("to", harness.id()).put("message", "are you there?"));
        assertTrue(sent.path("ok").asBoolean(), sent.toString());
        // typed: the channel waits for the dialog; through a door: the harness's own queue holds it
        world.until(
                Duration.ofSeconds(30),
                () -> world.status().contains("waiting: dialog open")
                        || world.status().contains("waits for a turn to carry it"),
                world::status,
                harness);
        assertEquals(InputBox.State.DIALOG, box.read(world.screen(harness)), "the dialog is still open");
        assertTrue(
                model.calls(c -> c.afterToolResult() && c.mentions(COMMAND)).isEmpty(),
                "never approved:\n" + model.summary());
        assertFalse(Files.exists(work.resolve("pwned")), "the command never ran");
        assertTrue(model.calls(c -> c.lastUserText().contains("are you there?")).isEmpty(), "not typed into it");
    }

    /**
     * Presses Enter as a person does: again when the prompt is still in the box 10 s later. Gemini
     * takes an Enter within 40 ms of a paste as a new line, and on a loaded machine its 40 ms can last
     * seconds; the second press submits (the words, and the new line Gemini trims).
     */
    private static void submit(LiveWorld world, InputBox box, Pane harness) {
        for (int press = 1; ; press++) {
            world.tmux.sendKeys(harness.id(), "Enter");
            try {
                // a dialog hides the box, and the history's "> prompt" may then read as our words:
                // never press into it
                Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> {
                    String screen = world.screen(harness);
                    return box.read(screen) == InputBox.State.DIALOG || !box.shows(screen, PROMPT);
                });
                return;
            } catch (ConditionTimeoutException e) {
                if (box.read(world.screen(harness)) == InputBox.State.DIALOG) {
                    return;
                }
                if (press == 3) {
                    throw new AssertionError(
                            "the prompt stayed in the box after 3 presses of Enter:\n" + world.screen(harness), e);
                }
            }
        }
    }
}
