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
        world.submit(harness, box, PROMPT);
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
}
