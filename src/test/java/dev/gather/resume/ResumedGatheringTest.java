package dev.gather.resume;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.gathering.Effect;
import dev.gather.gathering.Gathering;
import dev.gather.gathering.GatheringState;
import dev.gather.gathering.Snapshot;
import dev.gather.gathering.Untold;
import dev.gather.journal.Prompt;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A gathering resumed from its journal's snapshot goes on from there: what fell due while no daemon
 * ran fires once, a turn that had ended moves on, what was announced is not announced again (private
 * phases and their reveals: {@link ResumedRevealTest}).
 */
class ResumedGatheringTest extends InReplayWorld {
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
                s.unheard().get("Cy").stream().anyMatch(t -> t.typed().contains("Ada's first thought.")),
                s.unheard()::toString);
        assertTrue(!s.unheard().containsKey("Bo") || s.unheard().get("Bo").isEmpty(), "Bo was given it with the piece");
        // of the piece's moves, only the last is kept: it went to Ada, then to Bo
        assertEquals(
                List.of(new Untold("The piece is now with Bo (2).", true)),
                s.unheard().get("Cy").stream().filter(Untold::turn).toList());
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
        assertEquals(1, cy.text().split("The piece is now with ", -1).length - 1, cy.text());
        assertTrue(cy.text().endsWith("The piece is now with Cy (3)."), cy.text());
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
}
