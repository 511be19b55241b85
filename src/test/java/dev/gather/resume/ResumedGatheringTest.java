package dev.gather.resume;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.gathering.Effect;
import dev.gather.gathering.Gathering;
import dev.gather.gathering.GatheringOptions;
import dev.gather.gathering.GatheringState;
import dev.gather.gathering.Snapshot;
import dev.gather.journal.Announcement;
import dev.gather.journal.Entry;
import dev.gather.journal.Line;
import dev.gather.journal.Message;
import dev.gather.journal.Prompt;
import dev.gather.ops.StartGatheringOp;
import dev.gather.rhythm.Rhythm;
import dev.gather.rhythm.RhythmLibrary;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * A gathering resumed from its journal's snapshot goes on from there: what fell due while no daemon
 * ran fires once, a turn that had ended moves on, and a private phase's answers come back sealed.
 */
class ResumedGatheringTest extends InReplayWorld {
    private long written;

    @Test
    void aBeatDueThreeTimesOverWhileNoDaemonRanFiresOnceOnResume() {
        w.say("Ada", "A first thought, still forming.");
        Snapshot s = w.replay();
        w.time.advance(ReplayWorld.INTERVAL.multipliedBy(3).plusSeconds(1));
        List<Effect> effects = w.resume(s);
        assertEquals(
                1,
                effects.stream()
                        .filter(e -> e instanceof Effect.Inject i && i.kind() == Prompt.BEAT)
                        .count(),
                effects::toString);
        assertEquals(0, ReplayWorld.announced(effects, "turn"), "the turn goes on, it is not begun again");
        w.time.advance(ReplayWorld.INTERVAL);
        assertEquals(
                1,
                effects.stream()
                        .filter(e -> e instanceof Effect.Inject i && i.kind() == Prompt.FINAL_BEAT)
                        .count(),
                "the next beat comes an interval after the one that fired: " + effects);
    }

    @Test
    void whatAnAgentWasNotYetToldComesWithItsNextPromptAfterARestart() {
        // standard hears in a digest: Ada's words are kept for Cy until its turn
        w.say("Ada", "Ada's first thought. I pass the piece.");
        Snapshot s = w.replay();
        assertTrue(
                s.unheard().get("Cy").stream().anyMatch(t -> t.contains("Ada's first thought.")),
                s.unheard()::toString);
        assertTrue(!s.unheard().containsKey("Bo") || s.unheard().get("Bo").isEmpty(), "Bo was given it with the piece");
        List<Effect> effects = new ArrayList<>();
        Gathering g = w.resumed(w.rhythm, w.options, s, effects);
        g.onTurnOutput(w.member("Bo"), "Bo's thought. I pass the piece.").join();
        Effect.Inject cy = effects.stream()
                .filter(e -> e instanceof Effect.Inject i && i.kind() == Prompt.TURN)
                .map(Effect.Inject.class::cast)
                .findFirst()
                .orElseThrow(() -> new AssertionError(effects.toString()));
        assertEquals("Cy", cy.to().name());
        assertTrue(cy.text().contains("Ada's first thought."), cy.text());
        assertTrue(cy.text().contains("Bo's thought."), cy.text());
    }

    @Test
    void aGraceThatRanOutWhileNoDaemonRanMovesThePieceOnceOnResume() {
        w.say("Ada", "I pass the piece.");
        w.time.advance(ReplayWorld.INTERVAL.multipliedBy(2));
        assertEquals(GatheringState.FINAL_BEAT, w.live.status().state());
        Snapshot s = w.replay();
        assertEquals(GatheringState.FINAL_BEAT, s.state());
        w.time.advance(Duration.ofMinutes(5));
        List<Effect> effects = w.resume(s);
        assertEquals(1, ReplayWorld.announced(effects, "turn"), effects::toString);
        assertTrue(effects.stream()
                .anyMatch(e -> e instanceof Effect.Announce a && a.text().contains("Cy")));
    }

    @Test
    void wordsThatPassedThePieceJustBeforeTheStopMoveItOnResumeAndAreNotRelayedAgain() {
        w.say("Ada", "Short and sweet. I pass to Di.");
        List<JsonNode> all = w.journal();
        // the daemon died after journalling the words, before the piece moved
        int relay = 0;
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).path("kind").asText().equals("relay")) {
                relay = i;
            }
        }
        Snapshot s = w.replayThrough(relay);
        assertEquals(Optional.of("Ada"), s.holder());
        List<Effect> effects = w.resume(s);
        assertEquals(0, effects.stream().filter(e -> e instanceof Effect.Relay).count(), effects::toString);
        assertTrue(ReplayWorld.turnOf(effects, "Di"), effects::toString);
    }

    @Test
    void aRoundAnnouncedJustBeforeTheStopIsNotAnnouncedAgainOnResume() {
        for (String name : List.of("Ada", "Bo", "Cy", "Di")) {
            w.say(name, name + "'s thought. I pass the piece.");
        }
        List<JsonNode> all = w.journal();
        // the daemon died after journalling the next round's announcement, before its first turn's
        int phase = all.size() - 1;
        while (!all.get(phase).path("prompt").asText().equals("phase")) {
            phase--;
        }
        Snapshot s = w.replayThrough(phase);
        assertEquals(Optional.of("Di"), s.holder());
        List<Effect> effects = w.resume(s);
        assertTrue(ReplayWorld.turnOf(effects, "Ada"), effects::toString);
        assertEquals(0, ReplayWorld.announced(effects, "phase"), "announced before the stop: " + effects);
    }

    @Test
    void aHolderWhoLeftJustBeforeTheStopLosesThePieceOnResume() {
        w.live.memberGone(w.member("Ada")).join();
        List<JsonNode> all = w.journal();
        // the daemon died after journalling that Ada left, before the piece moved
        int left = 0;
        while (!all.get(left).path("prompt").asText().equals("left")) {
            left++;
        }
        Snapshot s = w.replayThrough(left);
        assertEquals(Optional.of("Ada"), s.holder());
        assertTrue(s.gone().contains("Ada"));
        List<Effect> effects = w.resume(s);
        assertTrue(ReplayWorld.turnOf(effects, "Bo"), effects::toString);
        assertTrue(
                effects.stream()
                        .noneMatch(e ->
                                e instanceof Effect.Inject i && i.to().name().equals("Ada")),
                "nothing more for Ada: " + effects);
    }

    /**
     * A daemon that stops mid private phase: the answers given before come back sealed (out of the
     * pulse and late seeds) and are in the phase's reveal; once the next phase began they are gone.
     */
    @Test
    void aPrivatePhasesAnswersComeBackSealedForItsRevealAndLeaveWithThePhase() {
        Rhythm decision = RhythmLibrary.shippedRhythm("design-decision").orElseThrow();
        Instant started = w.time.clock().instant();
        List<Line> entries = new ArrayList<>();
        entries.add(line(StartGatheringOp.startEntry(
                "g-private",
                decision,
                "Which?",
                GatheringOptions.NONE,
                w.members,
                Map.of(),
                Optional.empty(),
                false,
                Map.of())));
        entries.add(turn(0, "Ada", 1));
        entries.add(line(
                new Message.Relay("g-private", "Ada", false, 1, "private", List.of("Hal"), List.of(), "The queue.")));
        entries.add(turn(0, "Bo", 2));
        entries.add(
                line(new Message.Relay("g-private", "Bo", false, 2, "private", List.of("Hal"), List.of(), "The log.")));
        entries.add(turn(0, "Cy", 3));
        Snapshot s = GatheringReplay.snapshot(entries, started);
        assertEquals(
                List.of(new Snapshot.Words("Ada", "The queue.", true), new Snapshot.Words("Bo", "The log.", true)),
                s.said());

        List<Effect> effects = new CopyOnWriteArrayList<>();
        Gathering g = w.resumed(decision, GatheringOptions.NONE, s, effects);
        g.onTurnOutput(w.member("Cy"), "Both. I pass the piece.").join();
        g.onTurnOutput(w.member("Di"), "Neither. I pass the piece.").join();
        String reveal = effects.stream()
                .filter(e -> e instanceof Effect.Announce a && a.kind() == Announcement.REVEAL)
                .map(e -> ((Effect.Announce) e).text())
                .findFirst()
                .orElseThrow(() -> new AssertionError(effects.toString()));
        assertTrue(reveal.contains("[Ada] (1):\n\nThe queue.\n\n[Bo] (2):\n\nThe log.\n\n[Cy] (3):\n\nBoth."), reveal);

        entries.add(turn(1, "Ada", 5));
        assertEquals(List.of(), GatheringReplay.snapshot(entries, started).said());
    }

    /**
     * A daemon that stops after journalling a private phase's reveal, before the next phase's first
     * turn: the answers were shown to everyone; the resumed gathering announces the next phase and
     * does not reveal them a second time (in live hearing, one more model call per member).
     */
    @Test
    void aRevealJournalledJustBeforeTheStopIsNotRevealedAgainOnResume() {
        Rhythm decision = RhythmLibrary.shippedRhythm("design-decision").orElseThrow();
        Instant started = w.time.clock().instant();
        List<Line> entries = new ArrayList<>();
        entries.add(line(StartGatheringOp.startEntry(
                "g-private",
                decision,
                "Which?",
                GatheringOptions.NONE,
                w.members,
                Map.of(),
                Optional.empty(),
                false,
                Map.of())));
        List<String> speakers = List.of("Ada", "Bo", "Cy", "Di");
        for (int i = 0; i < speakers.size(); i++) {
            String name = speakers.get(i);
            entries.add(turn(0, name, i + 1));
            entries.add(line(new Message.Relay(
                    "g-private", name, false, i + 1, "private", List.of("Hal"), List.of(), name + "'s answer.")));
        }
        entries.add(line(new Message.Announce(
                Announcement.REVEAL,
                "g-private",
                "Every answer: [Ada] (1): Ada's answer. …",
                null,
                null,
                null,
                null,
                List.of(),
                Map.of(),
                Map.of())));
        Snapshot s = GatheringReplay.snapshot(entries, started);

        List<Effect> effects = new CopyOnWriteArrayList<>();
        w.resumed(decision, GatheringOptions.NONE, s, effects);
        w.time.advance(Duration.ofMinutes(5));
        assertEquals(0, ReplayWorld.announced(effects, "reveal"), "revealed before the stop: " + effects);
        assertEquals(1, ReplayWorld.announced(effects, "phase"), effects::toString);
        assertTrue(ReplayWorld.turnOf(effects, "Ada"), effects::toString);
        assertTrue(s.said().stream().noneMatch(Snapshot.Words::sealed), "revealed, no longer sealed: " + s.said());
    }

    private Line turn(int phase, String holder, int turn) {
        return line(new Message.Announce(
                Announcement.TURN,
                "g-private",
                holder + " has the piece",
                holder,
                phase,
                1,
                turn,
                List.of(),
                Map.of(),
                Map.of()));
    }

    private Line line(Entry e) {
        return new Line(++written, w.time.clock().instant(), e);
    }
}
