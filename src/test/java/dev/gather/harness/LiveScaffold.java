package dev.gather.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.tmux.InputBox;
import dev.gather.tmux.Pane;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * What the Codex and Gemini live tests check alike, each on its own harness: the box read from the
 * real screen, model-sized messages reaching the model once and whole, every relayed text submitted
 * once, and no delivery step failed.
 */
final class LiveScaffold {
    private LiveScaffold() {}

    /** Words pasted into {@code pane}'s empty box are read as held, and gone again once cleared; nothing submitted. */
    static void boxIsRecognised(
            LiveWorld world, InputBox box, Pane pane, FakeModel model, Predicate<FakeModel.Call> turn) {
        world.until(Duration.ofSeconds(20), () -> box.read(world.screen(pane)) == InputBox.State.EMPTY, pane);
        world.tmux.paste(pane.id(), "some words for the box");
        world.until(Duration.ofSeconds(20), () -> box.shows(world.screen(pane), "some words for the box"), pane);
        assertEquals(InputBox.State.HOLDS, box.read(world.screen(pane)));
        world.tmux.sendKeys(pane.id(), "C-u");
        world.until(Duration.ofSeconds(20), () -> box.read(world.screen(pane)) == InputBox.State.EMPTY, pane);
        assertTrue(model.calls(turn).isEmpty(), "nothing was submitted");
    }

    /**
     * Answers the size models write, queued at once for {@code to} (a {@code kind} harness): each
     * reaches the model exactly once, whole, and is confirmed; {@code detail} explains a wait that
     * runs out.
     */
    static void modelSizedEachOnce(
            LiveWorld world,
            FakeModel model,
            Predicate<FakeModel.Call> turn,
            String kind,
            Pane to,
            Supplier<String> detail)
            throws Exception {
        model.script(c -> Reply.text("noted"));
        List<String> messages = ModelSized.messages(kind);
        ModelSized.queue(
                messages,
                m -> world.call(
                        null,
                        "send",
                        LiveWorld.args().put("to", to.id()).put("message", m).put("expect_reply", false)));
        world.until(
                Duration.ofMinutes(4),
                () -> ModelSized.allArrived(messages, model.calls(turn)),
                () -> world.status() + "\n" + detail.get(),
                to);
        // a second copy would come within a turn or two
        world.until(Duration.ofSeconds(60), () -> ModelSized.allConfirmed(world.state, messages), world::status, to);
        ModelSized.eachOnceAndWhole(messages, model.calls(turn), world.status());
        noFailedStep(world, "oneshot");
    }

    /** No delivery step of journal {@code id} failed. */
    static void noFailedStep(LiveWorld world, String id) {
        for (JsonNode d : world.entries(id, "delivery")) {
            assertFalse(d.path("state").asText().equals("failed"), "no failed step: " + d);
        }
    }

    /** {@code text} reached the model as exactly one turn's prompt (not after a tool result). */
    static void submittedOnce(FakeModel model, Predicate<FakeModel.Call> turn, String text) {
        assertEquals(
                1,
                model.calls(c -> turn.test(c)
                                && !c.afterToolResult()
                                && c.lastUserText().endsWith(text))
                        .size(),
                "'" + text + "' submitted once");
    }
}
