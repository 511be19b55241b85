package dev.gather.resume;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.gathering.Effect;
import dev.gather.gathering.Gathering;
import dev.gather.gathering.GatheringOptions;
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
 * A private phase across a restart: what it heard comes back sealed for its reveal; what its reveal
 * showed everyone is heard by all (in the beats' pulse and late seeds) and not revealed again.
 */
class ResumedRevealTest extends InReplayWorld {
    private long written;

    /**
     * A daemon that stops mid private phase: the answers given before come back sealed (out of the
     * pulse and late seeds) and are in the phase's reveal; once the next phase began they are gone.
     */
    @Test
    void aPrivatePhasesAnswersComeBackSealedForItsRevealAndLeaveWithThePhase() {
        Rhythm decision = RhythmLibrary.shippedRhythm("design-decision").orElseThrow();
        Instant started = w.time.clock().instant();
        List<Line> entries = started(decision);
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
        List<Line> entries = answeredAndRevealed(decision);
        Snapshot s = GatheringReplay.snapshot(entries, entries.get(0).time());

        List<Effect> effects = new CopyOnWriteArrayList<>();
        w.resumed(decision, GatheringOptions.NONE, s, effects);
        w.time.advance(Duration.ofMinutes(5));
        assertEquals(0, ReplayWorld.announced(effects, "reveal"), "revealed before the stop: " + effects);
        assertEquals(1, ReplayWorld.announced(effects, "phase"), effects::toString);
        assertTrue(ReplayWorld.turnOf(effects, "Ada"), effects::toString);
        // what was revealed is what everyone heard: the beats' pulse (and a late seed) carry it, as live
        String beat = beat(effects);
        assertTrue(beat.contains("Bo: Bo's answer. | Cy: Cy's answer. | Di: Di's answer."), beat);
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

    /**
     * A reveal by letter, then a private review for the chair (council): after a restart the answers
     * are heard under their letters, never their names, and the review's words stay sealed.
     */
    @Test
    void answersRevealedByLetterAreHeardByLetterAfterARestart() {
        Rhythm council = RhythmLibrary.shippedRhythm("council").orElseThrow();
        List<Line> entries = answeredAndRevealed(council);
        entries.add(turn(1, "Ada", 5));
        entries.add(line(new Message.Relay(
                "g-private", "Ada", false, 5, "private", List.of("Hal"), List.of(), "Ada's review.")));
        Snapshot s = GatheringReplay.snapshot(entries, entries.get(0).time());
        assertTrue(s.said().contains(new Snapshot.Words("Ada", "Ada's review.", true)), s.said()::toString);

        List<Effect> effects = new CopyOnWriteArrayList<>();
        w.resumed(council, GatheringOptions.NONE, s, effects);
        w.time.advance(Duration.ofMinutes(2));
        String beat = beat(effects);
        assertTrue(beat.contains("Member ") && beat.contains(": Di's answer."), beat);
        assertFalse(beat.contains("Di: Di's answer.") || beat.contains("review"), beat);
    }

    /** The start of a gathering of {@code r}, four private answers and the reveal that showed them. */
    private List<Line> answeredAndRevealed(Rhythm r) {
        List<Line> entries = started(r);
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
                "Every answer: …",
                null,
                null,
                null,
                null,
                List.of(),
                Map.of(),
                Map.of())));
        return entries;
    }

    /** The start entry of a gathering of {@code r} among the world's members. */
    private List<Line> started(Rhythm r) {
        List<Line> entries = new ArrayList<>();
        entries.add(line(StartGatheringOp.startEntry(
                "g-private",
                r,
                "Which?",
                GatheringOptions.NONE,
                w.members,
                Map.of(),
                Optional.empty(),
                false,
                Map.of())));
        return entries;
    }

    private static String beat(List<Effect> effects) {
        return effects.stream()
                .filter(e -> e instanceof Effect.Inject i && i.kind() == Prompt.BEAT)
                .map(e -> ((Effect.Inject) e).text())
                .findFirst()
                .orElseThrow(() -> new AssertionError(effects.toString()));
    }
}
