package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.delivery.DeliveryState;
import dev.gather.profile.Profile;
import dev.gather.profile.ProfileLoader;
import dev.gather.testing.Beside;
import dev.gather.tmux.Pane;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Scripted fake harnesses in real tmux, each losing input the way a real one does; through the
 * daemon every message still arrives exactly once, in order, and is confirmed. Where delivery
 * cannot succeed, the failure is a visible state, never silence.
 */
@Beside
class DeliveryEndToEndTest {
    @RegisterExtension
    final Worlds worlds = Worlds.bare().stateIn("state");

    Path home;
    World world;

    @Test
    void anEnterTooSoonAfterThePasteIsANewlineYetTheMessageIsSubmittedOnceAndConfirmed() throws Exception {
        Path log = home.resolve("codexlike.log");
        // like Codex: an Enter within 120 ms of input is a newline; typed with the codex profile's gap
        Pane pane = world.startSim("Cody", "--enter-newline-ms", "120", "--log", log.toString());
        world.daemon.post.started(pane.id(), world.daemon.profiles.forKind("codex"));
        List<String> sent = sendAll(pane, "first words", "second words", "third words");
        awaitLog(log, sent);
        awaitAllConfirmed(sent.size());
        assertEquals(
                sent.size(),
                world.entries("oneshot", "delivery").stream()
                        .filter(e -> e.path("state").asText().equals("delivered"))
                        .filter(e -> e.path("text").asText().startsWith("input box"))
                        .count(),
                "each submit was seen to empty the input box");
    }

    @Test
    void aBusyHarnessThatDropsInputGetsEveryMessageWhenItIsIdleAgain() throws Exception {
        Path log = home.resolve("busy.log");
        Pane pane = sim("Busy", "--busy-ms", "1500", "--log", log.toString());
        List<String> sent = sendAll(pane, "one", "two", "three");
        awaitLog(log, sent);
        awaitAllConfirmed(sent.size());
        List<Integer> refs = new ArrayList<>();
        List<String> steps = world.entries("oneshot", "delivery").stream()
                .filter(e -> e.path("state").asText().matches("typing|confirmed"))
                // the second "typing" step of each message only says its paste is in
                .filter(e -> !e.path("text").asText().equals(DeliveryState.PASTED))
                .map(e -> {
                    if (!refs.contains(e.path("ref").asInt())) {
                        refs.add(e.path("ref").asInt());
                    }
                    return e.path("state").asText() + " "
                            + (refs.indexOf(e.path("ref").asInt()) + 1);
                })
                .toList();
        assertEquals(
                List.of("typing 1", "confirmed 1", "typing 2", "confirmed 2", "typing 3", "confirmed 3"),
                steps,
                "nothing is typed while it is busy: each message waits for the turn on the one before to end");
    }

    @Test
    void aHarnessWhosePromptAppearsLateGetsNothingBeforeItIsReady() throws Exception {
        Path log = home.resolve("late.log");
        Pane pane = world.startSim("Late", "--ready-after-ms", "2500", "--log", log.toString());
        world.daemon.post.started(pane.id(), world.daemon.profiles.forKind("sim"));
        List<String> sent = sendAll(pane, "early one", "early two");
        awaitLog(log, sent);
        awaitAllConfirmed(sent.size());
    }

    @Test
    void aHarnessThatSwallowsTheFirstEnterGetsItPressedAgain() throws Exception {
        Path log = home.resolve("swallow.log");
        Pane pane = sim("Swallow", "--swallow-enters", "1", "--log", log.toString());
        List<String> sent = sendAll(pane, "pressed twice", "pressed once");
        awaitLog(log, sent);
        awaitAllConfirmed(sent.size());
    }

    @Test
    void aPaneThatIsNeverReadyEndsAsAVisibleFailure() throws Exception {
        Pane pane = world.startSim("Never", "--ready-after-ms", "600000");
        Profile slow = ProfileLoader.parse(
                "test",
                """
                profile: sim
                typing: {enter_gap: 30ms}
                input_box: {line: '^> ?(?<text>.*)$'}
                ready: {quiet: 100ms, timeout: 2s}
                turns: {signal: hook}
                """);
        world.daemon.post.started(pane.id(), slow);
        sendAll(pane, "into the void");
        await().atMost(Duration.ofSeconds(15)).until(() -> failed().size() == 1);
        assertTrue(failed().get(0).path("text").asText().contains("not ready within 2 s"), failed().toString());
        Cli.Result transcript = transcript();
        assertTrue(transcript.out().contains("! not confirmed: Never (failed: unreachable"), transcript.out());
    }

    @Test
    void aPaneThatDiesWithMessagesQueuedFailsThemVisibly() throws Exception {
        Path log = home.resolve("dies.log");
        Pane pane = sim("Dies", "--busy-ms", "60000", "--log", log.toString());
        List<String> sent = sendAll(pane, "taken", "queued one", "queued two");
        awaitLog(log, sent.subList(0, 1));
        await().atMost(Duration.ofSeconds(10)).until(() -> queued(pane) == 2);
        world.tmux.kill(pane.id());
        await().atMost(Duration.ofSeconds(10)).until(() -> failed().size() == 3);
        assertEquals(List.of(sent.get(0)), SimLog.inputs(log), "nothing was typed into the dead pane");
        assertTrue(transcript().out().contains("(failed: pane " + pane.id() + " ended with the message queued)"));
    }

    /** A sim the daemon knows as one: its session-start hook named its harness. */
    private Pane sim(String name, String... extra) {
        Pane pane = world.sim(name, extra);
        await().atMost(Duration.ofSeconds(10))
                .until(() -> world.daemon.post.profileOf(pane.id()).name().equals("sim"));
        return pane;
    }

    private Pane lastPane;

    private List<String> sendAll(Pane to, String... messages) throws IOException {
        lastPane = to;
        List<String> sent = new ArrayList<>();
        for (String m : messages) {
            JsonNode answer = world.call(
                    null,
                    "send",
                    World.args().put("to", to.id()).put("message", m).put("as", "Tester"));
            assertTrue(answer.path("ok").asBoolean(true) && !answer.has("error"), answer.toString());
            sent.add("[Tester] (1):\n\n" + m);
        }
        return sent;
    }

    private void awaitLog(Path log, List<String> sent) {
        try {
            await().atMost(Duration.ofSeconds(40))
                    .until(() -> SimLog.inputs(log).size() >= sent.size());
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("logged " + SimLog.inputs(log) + "\njournal:\n"
                    + world.journal("oneshot").stream().map(JsonNode::toString).reduce("", (a, b) -> a + b + "\n")
                    + "status: " + world.daemon.post.status(lastPane.id()) + "\nscreen:\n" + world.screen(lastPane));
        }
        assertEquals(sent, SimLog.inputs(log), "each message exactly once, in order");
    }

    private void awaitAllConfirmed(int n) {
        await().atMost(Duration.ofSeconds(30)).until(() -> confirmed() == n);
        assertEquals(List.of(), failed(), "nothing failed");
    }

    private long confirmed() {
        return world.entries("oneshot", "delivery").stream()
                .filter(e -> e.path("state").asText().equals("confirmed"))
                .count();
    }

    private List<JsonNode> failed() {
        return world.entries("oneshot", "delivery").stream()
                .filter(e -> e.path("state").asText().equals("failed"))
                .toList();
    }

    private int queued(Pane pane) {
        return world.daemon.post.status(pane.id()).map(s -> s.queued().size()).orElse(0);
    }

    private Cli.Result transcript() throws Exception {
        return Cli.run(world.state.root(), Optional.of(world.socket), "transcript", "oneshot");
    }
}
