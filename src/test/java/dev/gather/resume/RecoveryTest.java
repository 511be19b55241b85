package dev.gather.resume;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.delivery.ChannelStatus;
import dev.gather.delivery.DeliveryState;
import dev.gather.delivery.Letter;
import dev.gather.journal.Delivery;
import dev.gather.journal.Message;
import dev.gather.journal.Transcript;
import dev.gather.relay.FakePanePost;
import dev.gather.relay.Relay;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A daemon killed while it was typing a message leaves a "typing" step: the next one types it again
 * when the journal shows it was never pasted, and never types twice what was pasted.
 */
class RecoveryTest {
    @TempDir
    Path home;

    private FakePanePost panes;
    private String bo;

    @BeforeEach
    void start() {
        panes = new FakePanePost(home, Clock.systemUTC());
        bo = panes.spawn("Bo");
    }

    @AfterEach
    void stop() {
        panes.close();
    }

    @Test
    void aMessageTheDaemonDiedBeforePastingIsTypedOnce() {
        journalTyping(List.of(""));
        assertEquals(1, redeliver(), "queued again");
        await().atMost(Duration.ofSeconds(20))
                .until(() -> panes.tmux.pane(bo).submitted().contains("[Ada] (1):\n\nthe words before the kill"));
        // once, and still once a while later: a second copy would be typed by the post office's threads
        await().during(Duration.ofSeconds(1))
                .atMost(Duration.ofSeconds(5))
                .until(() -> panes.tmux.pane(bo).submitted().size() == 1);
    }

    @Test
    void aMessageTheDaemonPastedIsNeverTypedAgain() {
        journalTyping(List.of("", DeliveryState.PASTED));
        assertEquals(0, redeliver(), "nothing queued again");
        assertEquals(List.of(), panes.tmux.pane(bo).submitted());
        var steps = Transcript.lastSteps(Transcript.read(panes.journals.file("l-1")));
        // taken as submitted (a program without turns is confirmed at once)
        assertEquals(
                "submitted before the last daemon stopped",
                steps.get(Transcript.stepKey(1, "Bo")).path("text").asText(),
                steps::toString);
    }

    @Test
    void aMessageHandedToADoorIsNeverSentAgainAndTheMembersNextTurnEndTakesIt() {
        journal("codex", "handed", List.of("codex-queue: Queued message m-1 for thread t-1."));
        assertEquals(0, redeliver(), "nothing queued again: it is in the harness's own queue");
        assertEquals("handed", lastStep().path("state").asText(), "no receipt yet: " + lastStep());
        assertEquals(
                List.of(1L),
                panes.post.status(bo).orElseThrow().unconfirmed().stream()
                        .map(Letter::ref)
                        .toList(),
                "status shows it open");

        panes.post.turnEnded(bo, Optional.of("codex"), "turn-end hook");
        List<String> after = Transcript.read(panes.journals.file("l-1")).stream()
                .filter(e -> e.path("kind").asText().equals("delivery"))
                .map(e -> e.path("state").asText() + ": " + e.path("text").asText())
                .toList();
        assertEquals(
                List.of(
                        "handed: codex-queue: Queued message m-1 for thread t-1.",
                        "delivered: taken: a turn ended after it was handed (the daemon that handed it stopped before it"
                                + " saw a turn take it)",
                        "confirmed: turn-end hook"),
                after);
        assertEquals(List.of(), panes.tmux.pane(bo).submitted(), "never typed");
    }

    @Test
    void aPaneResumesWithTheProfileItsLastMessageNamedNotAsAPlainProgram() {
        // the first was sent before the member's first hook was heard: journalled with no profile (typed
        // as into a plain program) and delivered; the next named the sim that runs there, and waits
        journal("", "delivered", List.of("screen changed"));
        long queued = relay("the words after", "sim");
        assertEquals(1, redeliver(), "the waiting one queued again");
        // a sim reports its turns: the first waits for Bo's turn end (resumed as a plain program, it was
        // taken as confirmed at once, and the next typed while Bo was still busy)
        assertEquals("delivered", lastStep().path("state").asText(), lastStep().toString());
        assertEquals("sim", panes.post.status(bo).orElseThrow().profile());
        // nothing typed while Bo is busy, a while after the redelivery (typing runs on the post office's threads)
        await().during(Duration.ofSeconds(1))
                .atMost(Duration.ofSeconds(5))
                .until(() -> panes.tmux.pane(bo).submitted().isEmpty());

        panes.post.turnEnded(bo, Optional.of("sim"), "turn-end hook");
        assertEquals("confirmed", lastStep().path("state").asText(), lastStep().toString());
        // the next is Bo's now: typed, or on its way (this fake pane draws no sim's box to type into)
        ChannelStatus now = panes.post.status(bo).orElseThrow();
        assertEquals(
                List.of(queued),
                Stream.concat(now.typing().stream(), now.queued().stream())
                        .map(Letter::ref)
                        .toList(),
                now::toString);
    }

    @Test
    void whatStartedAPaneSaysOutranksWhatWasRecognisedInItBefore() {
        // a letter the last daemon delivered makes Bo's channel first: recognised as a plain program
        panes.post.delivered(bo, new Letter("l-1", 1, "Bo", "[Ada] (1):\n\nearlier words"));
        assertEquals("generic", panes.post.status(bo).orElseThrow().profile());
        // then a resumed gathering says it started a sim there
        panes.post.started(bo, panes.post.profiles().forKind("sim"));
        assertEquals(
                "sim", panes.post.status(bo).orElseThrow().profile(), "it was kept as generic, and called explicit");
    }

    @Test
    void aMessageHandedToADoorWhosePaneIsGoneFails() {
        journal("codex", "handed", List.of("codex-queue: Queued message m-1 for thread t-1."));
        panes.tmux.kill(bo);
        assertEquals(0, redeliver());
        assertEquals("failed", lastStep().path("state").asText(), lastStep().toString());
    }

    private JsonNode lastStep() {
        return Transcript.lastSteps(Transcript.read(panes.journals.file("l-1"))).get(Transcript.stepKey(1, "Bo"));
    }

    /** A relay of Ada's to Bo, and its typing steps with these texts. */
    private void journalTyping(List<String> steps) {
        journal("", "typing", steps);
    }

    /** A relay of Ada's to Bo (typed with {@code profile} when not empty), and its steps in {@code state}. */
    private void journal(String profile, String state, List<String> steps) {
        long ref = relay("the words before the kill", profile);
        for (String text : steps) {
            panes.journals.of("l-1").append(new Delivery(ref, "Bo", bo, state, text));
        }
    }

    /** Journals a relay of Ada's {@code words} to Bo, typed with {@code profile} when not empty; returns its ref. */
    private long relay(String words, String profile) {
        return panes.journals
                .of("l-1")
                .append(new Message.Relay(
                        "l-1",
                        "Ada",
                        false,
                        1,
                        null,
                        List.of("Bo"),
                        List.of(),
                        words,
                        Map.of("Bo", bo),
                        profile.isEmpty() ? Map.of() : Map.of("Bo", profile)));
    }

    private int redeliver() {
        return Recovery.redeliver(
                panes.journals,
                panes.post,
                Relay.ledger(panes.journals),
                (pane, computer) -> {},
                (pane, pids) -> panes.tmux.alive(pane),
                (pane, text, p) -> false);
    }
}
