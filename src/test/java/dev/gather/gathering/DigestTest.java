package dev.gather.gathering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.link.Attribution;
import dev.gather.link.Member;
import dev.gather.rhythm.Listening;
import dev.gather.rhythm.Rhythm;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.turn.Typed;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Digest hearing: an agent hears what was said since its last turn once, with its own prompt, so its
 * model runs for its own turns only; people hear every word as it is said; live hearing is today's.
 */
class DigestTest {
    private static Circle minimal(Listening hearing) {
        Rhythm r = RhythmLibrary.shippedRhythm("minimal").orElseThrow().withListening(hearing);
        return new Circle(r, 3, true, true, GatheringOptions.NONE);
    }

    /** What {@code m} finds typed (or, without a pane, shown to it), in order: as the relay addresses it. */
    private static List<String> received(Circle c, Member m) {
        List<String> out = new ArrayList<>();
        for (Effect e : c.effects) {
            if (e instanceof Effect.Relay r && !r.from().equals(m) && !r.held().contains(m)) {
                out.add(Attribution.of(r.from(), r.text()));
            } else if (e instanceof Effect.Confide f
                    && f.to().contains(m)
                    && !f.held().contains(m)) {
                out.add(Attribution.of(f.from(), f.text()));
            } else if (e instanceof Effect.Announce a && !a.held().contains(m)) {
                boolean others = a.kind().sparesItsMember();
                if (!(others && a.about().filter(m::equals).isPresent())) {
                    out.add(a.text());
                }
            } else if (e instanceof Effect.Inject i && i.to().equals(m)) {
                out.add(i.kind().word() + ": " + i.text());
            }
        }
        return out;
    }

    @Test
    void eachSpeakerHearsOnceAnOwnTurnWithEveryWordSinceItsLastAndTheHarvesterOnceWithTheHarvest() {
        Circle c = minimal(new Listening(Listening.Mode.DIGEST, Listening.HarvesterHears.HARVEST));
        c.gathering.start().join();
        c.passAround(100);
        assertEquals(GatheringState.HARVESTING, c.gathering.state());
        c.gathering.onTurnOutput(c.m("Hal"), "HARVEST: four voices.").join();
        assertTrue(c.gathering.closed());

        List<Effect.Relay> relays = c.relayed();
        assertEquals(12, relays.size(), "3 phases x 1 round x 4 speakers (the human holds the piece too)");
        for (String name : List.of("Ada", "Bo", "Cy")) {
            Member m = c.m(name);
            List<String> got = received(c, m);
            long turns = c.announced("turn").stream()
                    .filter(t -> t.startsWith("The piece is now with " + name + " "))
                    .count();
            assertEquals(3, turns);
            // its seed, then one message per own turn (no beats: every holder spoke and passed at once)
            assertEquals(1 + turns, got.size(), name + " received " + got);
            assertTrue(got.get(0).startsWith("seed: "), got.get(0));
            assertTrue(got.stream().skip(1).allMatch(t -> t.startsWith("turn: ")), got.toString());
            // every message carries every word said since the member's last turn, in order
            int said = 0;
            for (String message : got.subList(1, got.size())) {
                int mine = indexOfTurn(relays, m, said);
                List<String> since = relays.subList(said, mine).stream()
                        .map(r -> Attribution.of(r.from(), r.text()))
                        .toList();
                int at = 0;
                for (String words : since) {
                    int found = message.indexOf(words, at);
                    assertTrue(found >= at, name + "'s turn message lacks or misorders " + words + ":\n" + message);
                    at = found + words.length();
                }
                assertTrue(message.endsWith("The piece is now with " + m.name() + " (" + m.number() + ")."), message);
                // where the piece went before is stale: only its move to the member is typed
                assertEquals(1, message.split("The piece is now with ", -1).length - 1, message);
                said = mine + 1;
            }
        }
        List<String> hal = received(c, c.m("Hal"));
        assertEquals(2, hal.size(), "the harvester's seed and the harvest prompt: " + hal);
        assertTrue(hal.get(1).startsWith("harvest: "), hal.get(1));
        relays.forEach(r -> assertTrue(hal.get(1).contains(Attribution.of(r.from(), r.text())), r.text()));
        // the human hears every word as it is said: nothing is ever held for a person
        Member hu = c.m("Hu");
        List<String> human = received(c, hu);
        relays.stream()
                .filter(r -> !r.from().equals(hu))
                .forEach(r -> assertTrue(human.contains(Attribution.of(r.from(), r.text())), r.text()));
        assertTrue(c.effects.stream()
                .noneMatch(e -> e instanceof Effect.Relay r && r.held().contains(hu)
                        || e instanceof Effect.Announce a && a.held().contains(hu)));
        assertTrue(human.contains("The minimal gathering has closed (harvest complete). Thank you."), human.toString());
    }

    /** The index of {@code m}'s first relayed words at or after {@code from}. */
    private static int indexOfTurn(List<Effect.Relay> relays, Member m, int from) {
        for (int i = from; i < relays.size(); i++) {
            if (relays.get(i).from().equals(m)) {
                return i;
            }
        }
        return relays.size();
    }

    @Test
    void aBeatCarriesWhatWasSaidMeanwhileAndAHarvesterThatHearsByPhaseHearsEachPhaseOnce() {
        Circle c = minimal(new Listening(Listening.Mode.DIGEST, Listening.HarvesterHears.PHASE_END));
        c.gathering.start().join();
        // Ada speaks without passing, then the human (a person, heard live) takes the piece for Bo
        c.gathering.onTurnOutput(c.m("Ada"), "Ada opens.").join();
        c.time.advance(c.gathering.rhythm().beats().interval());
        Effect.Inject beat = c.injected("beat").get(0);
        assertEquals(c.m("Ada"), beat.to());
        assertTrue(beat.text().startsWith("[Beat 1/2]"), "Ada was told nothing since her turn began: " + beat.text());
        c.passAround(100);
        List<Effect.Inject> digests = c.injected("digest");
        assertEquals(
                2, digests.size(), "one at the end of each phase before the last (the last comes with the harvest)");
        assertTrue(digests.stream().allMatch(d -> d.to().equals(c.m("Hal"))));
        assertTrue(digests.get(0).text().contains("Ada opens."), digests.get(0).text());
        assertFalse(
                digests.get(1).text().contains("Ada opens."),
                "each phase once: " + digests.get(1).text());
        assertFalse(c.injected("harvest").get(0).text().contains("Ada opens."));
    }

    @Test
    void aDigestLongerThanOnePasteLeavesOutTheOldestWordsNeverTheMembersOwnPrompt() {
        Circle c = minimal(new Listening(Listening.Mode.DIGEST, Listening.HarvesterHears.HARVEST));
        c.gathering.start().join();
        String long1 = "word ".repeat(1_000);
        for (int i = 0; i < 100 && c.gathering.state() != GatheringState.HARVESTING; i++) {
            Member h = c.holder();
            c.gathering
                    .onTurnOutput(h, h.name() + " turn " + i + ": " + long1 + "I pass the piece.")
                    .join();
        }
        assertEquals(GatheringState.HARVESTING, c.gathering.state());
        List<Effect.Relay> relays = c.relayed();
        Effect.Inject harvest = c.injected("harvest").get(0);
        String text = harvest.text();
        assertTrue(text.length() <= Typed.MAX_CHARS, "one paste carries it whole: " + text.length());
        // the harvest prompt, whole, at its end
        assertTrue(text.contains("The gathering is closing. Hal, you are the harvester"), text);
        assertTrue(text.strip().endsWith("Reply with the harvest only."), text.substring(text.length() - 200));
        assertTrue(
                text.contains(Attribution.of(
                        relays.get(relays.size() - 1).from(),
                        relays.get(relays.size() - 1).text())),
                "the newest words are kept");
        assertFalse(text.contains(relays.get(0).text()), "the oldest are left out");
        assertTrue(text.startsWith("("), text.substring(0, 200));
        assertTrue(text.contains(Digest.LEFT_OUT), text.substring(0, 200));
        c.injected("turn")
                .forEach(t -> assertTrue(
                        t.text().length() <= Typed.MAX_CHARS && t.text().endsWith("(" + t.to().number() + ")."),
                        "every turn prompt ends with the piece reaching its member"));
    }

    @Test
    void aReminderComesWithTheMembersNextPromptNotAsAModelCallOfItsOwn() {
        Circle c = minimal(new Listening(Listening.Mode.DIGEST, Listening.HarvesterHears.HARVEST));
        c.gathering.start().join();
        // Cy answers its seed while Ada holds the piece
        c.gathering.onTurnOutput(c.m("Cy"), "Cy says hello.").join();
        assertEquals("Cy says hello.", c.of(Effect.OutOfTurn.class).get(0).text());
        assertTrue(c.injected("reminder").isEmpty(), "no message of its own: it would wake Cy's model");
        c.passAround(2);
        Effect.Inject cy = c.injected("turn").stream()
                .filter(i -> i.to().equals(c.m("Cy")))
                .findFirst()
                .orElseThrow();
        assertTrue(
                cy.text().contains("Cy, the piece is with Ada (1); your words were kept but not relayed."), cy.text());
    }

    @Test
    void liveHearingTypesEveryMessageAsItIsSaid() {
        Circle c = minimal(Listening.LIVE);
        c.gathering.start().join();
        c.passAround(100);
        assertTrue(c.effects.stream()
                .noneMatch(e -> e instanceof Effect.Relay r && !r.held().isEmpty()
                        || e instanceof Effect.Announce a && !a.held().isEmpty()));
        assertTrue(c.injected("turn").isEmpty());
        List<String> bo = received(c, c.m("Bo"));
        c.relayed().stream()
                .filter(r -> !r.from().equals(c.m("Bo")))
                .forEach(r -> assertTrue(bo.contains(Attribution.of(r.from(), r.text())), r.text()));
    }
}
