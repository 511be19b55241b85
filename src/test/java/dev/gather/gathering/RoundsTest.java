package dev.gather.gathering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.link.Member;
import dev.gather.link.Role;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Who sits and speaks when: seeds, rounds and phases for any circle, members who leave or die,
 * late words after the close, the counts a rhythm allows, and gatherings side by side.
 */
class RoundsTest {
    @Test
    void startSeedsEveryMemberAndHandsThePieceToTheFirstSpeaker() {
        Circle c = new Circle("standard", 3, true, false);
        c.gathering.start().join();
        List<Effect.Inject> seeds = c.injected("seed");
        assertEquals(4, seeds.size());
        Effect.Inject bo = seeds.get(1);
        assertEquals("Bo", bo.to().name());
        assertTrue(bo.text().startsWith("You are Bo (2) in this gathering, as speaker."), bo.text());
        assertTrue(bo.text().contains("1 Ada (speaker), 2 Bo (speaker), 3 Cy (speaker), 4 Hal (harvester)"), bo.text());
        assertTrue(bo.text().contains("Speaking order: Ada (1) → Bo (2) → Cy (3). Harvester: Hal (4)."), bo.text());
        assertTrue(bo.text().contains("Breath: inhale 2 rounds, hold 2 rounds, exhale 2 rounds."), bo.text());
        assertTrue(bo.text().contains("Opening question: What are we missing?"), bo.text());
        assertTrue(bo.text().contains("Pulse: calm seas"), bo.text());
        assertTrue(c.announced("phase").get(0).startsWith("--- Phase: INHALE (round 1/2) ---"));
        assertEquals(List.of("The piece is now with Ada (1)."), c.announced("turn"));
        assertEquals("Ada", c.holder().name());
    }

    @Test
    void aSeedSaysSoWhenNoEarlierTalkSpeaksOfTheGathering() {
        Circle c = new Circle("standard", 2, true, false);
        c.pulse = "";
        c.gathering.start().join();
        String seed = c.injected("seed").get(0).text();
        assertTrue(seed.contains("Pulse: " + Prompting.NO_PULSE + "\n"), seed);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
    void phasesAndRoundsAreCountedForAnyCircle(int speakers) {
        Circle c = new Circle("daily", speakers, true, false);
        c.gathering.start().join();
        c.passAround(200);
        assertEquals(GatheringState.HARVESTING, c.gathering.state());
        List<String> phases = c.announced("phase");
        assertEquals(
                List.of("INHALE (round 1/1)", "HOLD (round 1/2)", "HOLD (round 2/2)", "EXHALE (round 1/1)"),
                phases.stream()
                        .map(p -> p.substring("--- Phase: ".length(), p.indexOf(" ---")))
                        .toList());
        assertEquals(speakers * 4, c.announced("turn").size());
        List<String> expectedOrder = IntStream.range(0, speakers * 4)
                .mapToObj(i -> Circle.NAMES.get(i % speakers))
                .toList();
        assertEquals(
                expectedOrder,
                c.announced("turn").stream()
                        .map(t -> t.substring("The piece is now with ".length(), t.indexOf(" (")))
                        .toList());
    }

    @Test
    void aMemberWhoDiesMidTurnIsSkippedFromThenOnAndAnnouncedOnce() {
        Circle c = Circle.started();
        c.gathering.memberGone(c.m("Ada")).join();
        c.gathering.memberGone(c.m("Ada")).join();
        assertEquals(List.of("Ada (1) has left the gathering; the piece skips them from now on."), c.announced("left"));
        assertEquals("Bo", c.holder().name());
        c.passAround(100);
        assertFalse(c.announced("turn").subList(1, c.announced("turn").size()).stream()
                .anyMatch(t -> t.contains("Ada")));
        assertEquals(GatheringState.HARVESTING, c.gathering.state());
    }

    @Test
    void aMemberLeavingBeforeTheStartIsNotSeeded() {
        Circle c = new Circle("standard", 3, true, false);
        c.gathering.memberGone(c.m("Cy")).join();
        c.gathering.start().join();
        assertEquals(3, c.injected("seed").size());
        assertTrue(c.injected("seed").stream().noneMatch(i -> i.to().name().equals("Cy")));
    }

    @Test
    void wordsOfAMemberMidTurnWhenItClosedAreKeptAsLate() {
        Circle c = Circle.started();
        c.busy.add(c.m("Ada"));
        c.gathering.endNow("ended by command").join();
        c.gathering.onTurnOutput(c.m("Ada"), "An answer after the close.").join();
        c.gathering
                .onTurnOutput(c.m("Bo"), "Bo was idle; this is nobody's turn.")
                .join();
        c.gathering.onTurnOutput(c.m("Ada"), "And a second one.").join();
        assertEquals(
                List.of("An answer after the close."),
                c.of(Effect.Late.class).stream().map(Effect.Late::text).toList());
    }

    @Test
    void manyGatheringsRunAtOnceWithoutSharingState() {
        Circle a = new Circle("standard", 3, true, false);
        Circle b = new Circle("daily", 2, false, false);
        a.gathering.start().join();
        b.gathering.start().join();
        a.gathering.onTurnOutput(a.m("Ada"), "I pass to Cy").join();
        b.gathering.onTurnOutput(b.m("Ada"), "plain words").join();
        assertEquals("Cy", a.holder().name());
        assertEquals("Ada", b.holder().name());
        assertTrue(b.relayed().stream().noneMatch(r -> r.text().contains("Cy")));
    }

    @Test
    void theNestedGuardRefusesAMemberOfARunningGathering() {
        Gatherings registry = new Gatherings();
        Circle c = new Circle("standard", 2, false, false);
        registry.add(Optional.empty(), c.members, () -> c.gathering);
        c.gathering.start().join();
        IllegalStateException fromCaller = assertThrows(
                IllegalStateException.class, () -> registry.add(Optional.of("%1"), List.of(), () -> c.gathering));
        assertTrue(fromCaller.getMessage().contains("a member cannot start another one"));
        Member ada = Member.inPane("Ada", 1, Role.SPEAKER, "%1");
        assertThrows(
                IllegalStateException.class, () -> registry.add(Optional.empty(), List.of(ada), () -> c.gathering));
        c.gathering.end("done").join();
        assertTrue(registry.byPane("%1").isEmpty(), "a closed gathering no longer blocks");
    }

    @Test
    void aRhythmWithoutAPieceOrWrongCountsIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Circle("direct", 2, false, false));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> new Circle("standard", 1, true, false));
        assertTrue(e.getMessage().contains("needs 2 to 12 speakers (got 1)"), e.getMessage());
    }
}
