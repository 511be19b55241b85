package dev.gather.rehearsal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.gathering.GatheringOptions;
import dev.gather.link.Role;
import dev.gather.rhythm.Listening;
import dev.gather.rhythm.Rhythm;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.rhythm.RhythmLoader;
import dev.gather.testing.Slow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Rehearsals in virtual time: every shipped rhythm to its harvest, and what each behaviour does to a turn. */
@Slow
class RehearsalTest {
    static Stream<String> pieceRhythms() {
        return RhythmLibrary.SHIPPED.stream().filter(n -> !n.equals("direct"));
    }

    private static Timeline rehearse(String rhythm, String... parts) {
        return Rehearsal.run(
                RhythmLibrary.shippedRhythm(rhythm).orElseThrow(),
                Stream.of(parts).map(Part::parse).toList(),
                GatheringOptions.NONE,
                () -> "calm seas");
    }

    private static List<ObjectNode> of(Timeline t, String kind) {
        return t.entries().stream()
                .filter(e -> e.path("kind").asText().equals(kind))
                .toList();
    }

    private static List<String> turns(Timeline t) {
        return of(t, "announce").stream()
                .filter(e -> e.path("prompt").asText().equals("turn"))
                .map(e -> e.path("member").asText())
                .toList();
    }

    @ParameterizedTest
    @MethodSource("pieceRhythms")
    void everyShippedRhythmRunsToItsHarvestWithEverySpeakerHeard(String name) {
        Rhythm rhythm = RhythmLibrary.shippedRhythm(name).orElseThrow();
        Timeline t = Rehearsal.run(rhythm, Part.defaults(rhythm.roles()), GatheringOptions.NONE, () -> "calm seas");
        assertTrue(t.finished(), t.flags().toString());
        assertEquals(List.of(), t.flags());
        int rounds = rhythm.breath().stream().mapToInt(p -> p.rounds()).sum();
        // the default circle: two speakers, or as many as the rhythm needs at least (count's three)
        int speakers = Math.max(2, rhythm.roles().minSpeakers());
        assertEquals(speakers * rounds, of(t, "relay").size());
        assertEquals(
                rhythm.breath().size(),
                of(t, "announce").stream()
                        .filter(e -> e.path("prompt").asText().equals("phase"))
                        .filter(e -> e.path("text").asText().contains("(round 1/"))
                        .count());
        assertEquals(1, of(t, "harvest").size());
        assertEquals("harvest complete", of(t, "close").get(0).path("text").asText());
    }

    @Test
    void aSilentMemberGetsItsBeatsAndFinalBeatThenThePieceMovesAndItIsFlagged() {
        Timeline t = rehearse("daily", "Ada", "Bo:speaker:silent", "Hal:harvester");
        List<String> toBo = of(t, "private").stream()
                .filter(e -> e.path("to").asText().equals("Bo"))
                .map(e -> e.path("prompt").asText() + "@" + e.path("at_ms").asLong())
                .toList();
        // daily: 2 beats, every 60 s, 30 s grace; Bo's first turn begins at once, the piece handed to it
        // privately with what was said since (digest hearing)
        assertEquals(List.of("seed@0", "turn@0", "beat@60000", "final_beat@120000"), toBo.subList(0, 4));
        assertTrue(t.finished());
        assertEquals(List.of("Bo (stays silent) held the piece but was never heard by the others"), t.flags());
        assertEquals(List.of("Ada", "Bo", "Ada", "Bo", "Ada", "Bo", "Ada", "Bo"), turns(t));
    }

    @Test
    void aSlowMemberKeepsThePieceUntilTheTurnCapAndItsAnswerComesLate() {
        Timeline t = rehearse("minimal", "Ada", "Bo:speaker:slow", "Hal:harvester");
        ObjectNode boTurn = of(t, "announce").stream()
                .filter(e -> e.path("member").asText().equals("Bo"))
                .findFirst()
                .orElseThrow();
        ObjectNode next = of(t, "announce").stream()
                .filter(e -> e.path("prompt").asText().equals("turn")
                        && e.path("at_ms").asLong() > boTurn.path("at_ms").asLong())
                .findFirst()
                .orElseThrow();
        // minimal: 2 beats × 30 s + 15 s grace, capped at ten times that: 12.5 min while Bo is mid-turn
        assertEquals(
                Duration.ofMinutes(12).plusSeconds(30).toMillis(),
                next.path("at_ms").asLong() - boTurn.path("at_ms").asLong());
        assertFalse(of(t, "late").isEmpty(), "Bo's answer after the cap is kept as late");
        assertTrue(
                of(t, "relay").stream().noneMatch(e -> e.path("from").asText().equals("Bo")));
    }

    @Test
    void anInterruptingMemberIsKeptOutOfTurnAndRemindedOncePerTurn() {
        // live hearing: Cy hears (and interrupts) every relayed message as it is said
        Timeline t = Rehearsal.run(
                RhythmLibrary.shippedRhythm("minimal").orElseThrow().withListening(Listening.LIVE),
                Stream.of("Ada", "Bo", "Cy:speaker:interrupts", "Hal:harvester")
                        .map(Part::parse)
                        .toList(),
                GatheringOptions.NONE,
                () -> "calm seas");
        assertFalse(of(t, "out_of_turn").isEmpty());
        assertTrue(of(t, "out_of_turn").stream()
                .allMatch(e -> e.path("from").asText().equals("Cy")));
        assertTrue(of(t, "private").stream()
                .anyMatch(e -> e.path("prompt").asText().equals("reminder")
                        && e.path("to").asText().equals("Cy")));
        assertEquals(List.of(), t.flags());
    }

    @Test
    void aMemberWhoPassesByNameSendsThePieceToThatSpeaker() {
        Timeline t = rehearse("minimal", "Ada:speaker:passes", "Bo", "Cy", "Hal:harvester");
        assertTrue(of(t, "relay").get(0).path("text").asText().endsWith("I pass to Cy."));
        assertEquals(List.of("Ada", "Cy"), turns(t).subList(0, 2));
    }

    @Test
    void aRhythmThatCannotFinishInTwoDaysIsFlagged() throws Exception {
        String slow = Files.readString(Path.of("rhythms/daily.yaml"))
                .replace("name: daily", "name: endless")
                .replace("{per_turn: 2, interval: 60s, grace: 30s}", "{per_turn: 20, interval: 20h, grace: 30s}");
        Rhythm endless = RhythmLoader.parse("endless.yaml", slow);
        Timeline t = Rehearsal.run(
                endless,
                List.of(
                        new Part("Ada", Role.SPEAKER, Behaviour.SILENT),
                        new Part("Bo", Role.SPEAKER, Behaviour.SILENT)),
                GatheringOptions.NONE,
                () -> "");
        assertFalse(t.finished());
        assertTrue(
                t.flags()
                        .get(0)
                        .startsWith(
                                "does not finish: after 40h of virtual time the gathering is still speaking, and its next step is due after 48h"),
                t.flags().toString());
    }

    @Test
    void aBadBehaviourOrRoleSaysWhichAreKnown() {
        IllegalArgumentException b = assertThrows(IllegalArgumentException.class, () -> Part.parse("Ada:speaker:loud"));
        assertEquals("unknown behaviour 'loud'; known: answers, silent, passes, interrupts, slow", b.getMessage());
        IllegalArgumentException r = assertThrows(IllegalArgumentException.class, () -> Part.parse("Ada:the chair"));
        assertEquals(
                "unknown role 'the chair'; known: speaker, harvester, human, or one of the rhythm's parts",
                r.getMessage());
        IllegalArgumentException part = assertThrows(
                IllegalArgumentException.class, () -> rehearse("review-circle", "Ada:chair", "Bo", "Hal:harvester"));
        assertEquals(
                "'chair' is neither speaker, harvester, human nor a part of rhythm review-circle (its parts: author,"
                        + " skeptic)",
                part.getMessage());
    }

    @Test
    void aSpeakerCastByNamePlaysItsPartAndAPartNobodyWasCastIntoGoesToTheFirstSpeakerWithout() {
        Timeline t = rehearse("review-circle", "Ada", "Bo", "Cy:skeptic", "Hal:harvester");
        assertEquals(
                List.of(
                        "Ada seed: You are Ada (1) in this gathering, as author.",
                        "Bo seed: You are Bo (2) in this gathering, as speaker.",
                        "Cy seed: You are Cy (3) in this gathering, as skeptic.",
                        "Hal seed: You are Hal (4) in this gathering, as harvester."),
                of(t, "private").stream()
                        .filter(e -> e.path("prompt").asText().equals("seed"))
                        .map(e -> e.path("to").asText() + " seed: "
                                + e.path("text").asText().lines().findFirst().orElse(""))
                        .toList());
        assertEquals(
                List.of("Ada", "Cy"),
                of(t, "private").stream()
                        .filter(e -> e.path("prompt").asText().equals("seed")
                                && e.path("text").asText().contains(", you play the "))
                        .map(e -> e.path("to").asText())
                        .toList());
        IllegalArgumentException twice = assertThrows(
                IllegalArgumentException.class,
                () -> rehearse("review-circle", "Ada:skeptic", "Bo:skeptic", "Hal:harvester"));
        assertEquals(
                "part skeptic of rhythm review-circle is cast twice (Ada, Bo); each part has one player",
                twice.getMessage());
    }

    /** A part's prompt ends its player's seed: one message, so one model call, where it was two. */
    @Test
    void theFirstSpeakersPlayTheRhythmsPartsNamedInTheirSeedWhichEndsWithThePartsPrompt() {
        Timeline t = rehearse("review-circle", "Ada", "Bo", "Cy", "Hal:harvester");
        List<ObjectNode> seeding = of(t, "private").stream()
                .filter(e -> e.path("prompt").asText().equals("seed")
                        || e.path("prompt").asText().equals("part"))
                .toList();
        assertEquals(
                List.of(
                        "Ada seed: You are Ada (1) in this gathering, as author.",
                        "Bo seed: You are Bo (2) in this gathering, as skeptic.",
                        "Cy seed: You are Cy (3) in this gathering, as speaker.",
                        "Hal seed: You are Hal (4) in this gathering, as harvester."),
                seeding.stream()
                        .map(e -> e.path("to").asText() + " " + e.path("prompt").asText() + ": "
                                + e.path("text").asText().lines().findFirst().orElse(""))
                        .toList());
        assertTrue(
                seeding.get(0)
                        .path("text")
                        .asText()
                        .endsWith("\n\nAda, you play the author: open by saying what the change is for and where to"
                                + " look first; later, answer each concern with a fix or a reason, and never argue a"
                                + " verdict."),
                seeding.get(0)::toString);
        assertTrue(
                seeding.get(1)
                        .path("text")
                        .asText()
                        .endsWith("\n\nBo, you play the skeptic: before you agree with anything, ask what would prove"
                                + " it wrong, and look for the case nobody tested."),
                seeding.get(1)::toString);
        assertEquals(List.of(), t.flags());
    }
}
