package dev.gather.rhythm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RhythmLoaderTest {
    @Test
    void theDailyRhythmLoadsIntoRecords() {
        Rhythm daily = RhythmLibrary.shippedRhythm("daily").orElseThrow();
        assertEquals("daily", daily.name());
        assertEquals("What needs attention today?", daily.openingQuestion());
        assertTrue(daily.talkingPiece());
        assertEquals(
                List.of("inhale", "hold", "exhale"),
                daily.breath().stream().map(Phase::name).toList());
        assertEquals(
                List.of(1, 2, 1), daily.breath().stream().map(Phase::rounds).toList());
        assertEquals(new Beats(2, Duration.ofSeconds(60), Duration.ofSeconds(30)), daily.beats());
        assertEquals(1, daily.roles().harvesters());
        assertEquals(
                "[Beat 1/2] Signals refresh: calm. Is your thread still alive? Continue, pivot, or pass.",
                daily.prompts()
                        .render(PromptKind.BEAT, Map.of("beat", 1, "beats", 2, "pulse", "calm"))
                        .orElseThrow());
        assertEquals(
                "Your turn is up. What would you like to say last?",
                daily.prompts().template(PromptKind.FINAL_BEAT).orElseThrow());
    }

    @Test
    void everyShippedRhythmLoadsWithTheDeclaredShape() {
        Map<String, List<Integer>> breath = Map.of(
                "minimal",
                List.of(1, 1, 1),
                "standard",
                List.of(2, 2, 2),
                "extended",
                List.of(2, 3, 2),
                "daily",
                List.of(1, 2, 1),
                "weekly",
                List.of(1, 3, 1),
                "monthly",
                List.of(2, 3, 2));
        breath.forEach((name, rounds) -> assertEquals(
                rounds,
                RhythmLibrary.shippedRhythm(name).orElseThrow().breath().stream()
                        .map(Phase::rounds)
                        .toList(),
                name));
        assertEquals(
                4, RhythmLibrary.shippedRhythm("monthly").orElseThrow().beats().perTurn());
        assertEquals(
                Duration.ofSeconds(90),
                RhythmLibrary.shippedRhythm("monthly").orElseThrow().beats().interval());
        Rhythm direct = RhythmLibrary.shippedRhythm("direct").orElseThrow();
        assertFalse(direct.talkingPiece());
        assertEquals(40, direct.turnBudget().getAsInt());
    }

    @Test
    void passPatternsMoveThePieceOnlyOnRealPassPhrases() {
        Rhythm daily = RhythmLibrary.shippedRhythm("daily").orElseThrow();
        assertEquals("Ada", find(daily, "That is my view. I pass to Ada.").orElseThrow());
        assertEquals("3", find(daily, "Passing the piece to 3.").orElseThrow());
        for (String innocent : PassPatternRules.INNOCENT) {
            assertTrue(
                    daily.passPatterns().stream()
                            .noneMatch(p -> p.find(innocent).isPresent()),
                    innocent);
        }
    }

    private static Optional<String> find(Rhythm r, String text) {
        return r.passPatterns().stream()
                .map(p -> p.find(text))
                .flatMap(Optional::stream)
                .findFirst()
                .flatMap(PassPattern.PassMatch::target);
    }

    @Test
    void allErrorsOfAFileAreReportedInOrder() {
        RhythmException e = assertThrows(
                RhythmException.class, () -> RhythmLoader.parse("x.yaml", "name: Bad!\ntalking_piece: 3\n"));
        assertTrue(e.errors().size() >= 3, e.getMessage());
        assertTrue(e.getMessage().startsWith("x.yaml:"), e.getMessage());
    }

    @Test
    void durationsReadAsAuthorsWriteThem() {
        assertEquals(Duration.ofSeconds(90), Durations.parse("90s"));
        assertEquals(Duration.ofSeconds(90), Durations.parse("1m30s"));
        assertEquals(Duration.ofMinutes(2), Durations.parse("2m"));
        assertEquals(Duration.ofMillis(500), Durations.parse("500ms"));
        assertEquals("1m30s", Durations.format(Duration.ofSeconds(90)));
        assertThrows(IllegalArgumentException.class, () -> Durations.parse("soon"));
        // the longest the timers can count in nanoseconds, and one digit more
        Duration longest = Durations.parse("999999h999999m999999s999999ms");
        assertEquals(
                Duration.ofHours(999999).plusMinutes(999999).plusSeconds(999999).plusMillis(999999), longest);
        assertTrue(longest.toNanos() > 0, "toNanos throws past about 292 years");
        assertThrows(IllegalArgumentException.class, () -> Durations.parse("1000000s"));
        assertThrows(IllegalArgumentException.class, () -> Durations.parse("99999999999999999999999s"));
    }

    @Test
    void theLibraryNamesKnownRhythmsWhenOneIsUnknown() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> new RhythmLibrary(List.of()).load("nope"));
        assertTrue(
                e.getMessage()
                        .contains(
                                "known: council, count, daily, design-decision, direct, extended, incident-review, minimal, monthly, retrospective, review-circle, standard, weekly"),
                e.getMessage());
    }

    @Test
    void anAliasInsideItsOwnAnchorIsRefusedWhereItIsNotFollowed() {
        RhythmException e = assertThrows(RhythmException.class, () -> RhythmLoader.parse("r.yaml", "r: &r {a: *r}\n"));
        assertEquals("yaml.recursive", e.errors().get(0).rule());
        assertEquals(
                List.of(1, 4),
                List.of(e.errors().get(0).line(), e.errors().get(0).column()));
        RhythmException list = assertThrows(
                RhythmException.class, () -> RhythmLoader.parse("r.yaml", "name: x\nroles: &l [1, [2, *l]]\n"));
        assertEquals("yaml.recursive", list.errors().get(0).rule());
    }

    @Test
    void aliasesCannotNestDeeperThanTheLimit() {
        StringBuilder y = new StringBuilder("a0: &a0 [x]\n");
        for (int i = 1; i <= YamlStage.MAX_DEPTH + 5; i++) {
            y.append("a")
                    .append(i)
                    .append(": &a")
                    .append(i)
                    .append(" [*a")
                    .append(i - 1)
                    .append("]\n");
        }
        RhythmException e = assertThrows(RhythmException.class, () -> RhythmLoader.parse("deep.yaml", y.toString()));
        assertTrue(e.errors().stream().anyMatch(err -> err.rule().equals("yaml.limits")), e.getMessage());
    }

    @Test
    void aBrokenUserRhythmIsRefusedWithItsErrorsEvenOverAShippedOneExceptForTheDaemonsDirect(@TempDir Path dir)
            throws IOException {
        Files.writeString(dir.resolve("direct.yaml"), "name: &n {a: *n}\n");
        Files.writeString(dir.resolve("mine.yaml"), "name: &n {a: *n}\n");
        RhythmLibrary library = new RhythmLibrary(List.of(dir));
        RhythmException direct = assertThrows(RhythmException.class, () -> library.load("direct"));
        assertTrue(
                direct.getMessage()
                        .startsWith("your rhythm 'direct' (" + dir.resolve("direct.yaml")
                                + ") replaces the shipped one but does not load"),
                direct.getMessage());
        assertEquals("yaml.recursive", direct.errors().get(0).rule());
        RhythmException mine = assertThrows(RhythmException.class, () -> library.load("mine"));
        assertEquals("yaml.recursive", mine.errors().get(0).rule());
        // the daemon cannot start without a direct rhythm: it runs the shipped one and logs the errors
        assertEquals(RhythmLibrary.shippedRhythm("direct").orElseThrow(), library.direct());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> library.load("mien"));
        assertEquals(
                "unknown rhythm 'mien'; known: council, count, daily, design-decision, extended, incident-review, minimal, monthly, retrospective, review-circle, standard, weekly"
                        + " (not loading, see gather lint: direct, mine)",
                unknown.getMessage());
    }

    @Test
    void aPhaseWordsItsOwnPromptsWithTheSamePlaceholdersAndNoOthers() {
        Rhythm retro = RhythmLibrary.shippedRhythm("retrospective").orElseThrow();
        Phase change = retro.breath().get(2);
        assertEquals(
                "Your turn is up. Name your one change in a sentence.",
                change.prompts().template(PromptKind.FINAL_BEAT).orElseThrow());
        assertTrue(change.prompts().template(PromptKind.BEAT).isEmpty(), "the rhythm's beat is used there");

        String text = RhythmLibrary.shipped("retrospective")
                .replace(
                        "turn: 'The piece is now with {name} ({number}): what went well, and what made it go well?'",
                        "turn: 'Over to {holder}.'\n      seed: 'Hello {name}'");
        RhythmException e = assertThrows(RhythmException.class, () -> RhythmLoader.parse("r.yaml", text));
        assertEquals(
                List.of(
                        "r.yaml:11:13: breath[0].prompts.turn uses unknown placeholder {holder}; it accepts [name, number]"
                                + " [prompts.placeholder]",
                        "r.yaml:12:7: unknown key 'seed' in breath[0].prompts; allowed: phase, turn, beat, final_beat"
                                + " [schema.unknown-key]"),
                e.errors().stream().map(RhythmError::toString).toList());
    }

    @Test
    void partsAreCastInOrderAndCheckedForNamesPlaceholdersAndRoomAmongTheSpeakers() {
        Roles roles = RhythmLibrary.shippedRhythm("review-circle").orElseThrow().roles();
        assertEquals(
                List.of("author", "skeptic"),
                roles.parts().stream().map(RolePart::name).toList());

        String text = RhythmLibrary.shipped("review-circle")
                .replace("- part: skeptic", "- part: author")
                .replace("and look for the case nobody tested.'", "and look for {holder}.'")
                .replace("speakers: {min: 2, max: 12}", "speakers: {min: 1, max: 12}");
        RhythmException e = assertThrows(RhythmException.class, () -> RhythmLoader.parse("r.yaml", text));
        assertEquals(
                List.of(
                        "r.yaml:36:5: roles.parts casts 2 parts but a gathering may have only 1 speakers"
                                + " (speakers.min); raise min so every part is played [roles.parts]",
                        "r.yaml:38:13: part 'author' appears twice in roles.parts [roles.unique-part]",
                        "r.yaml:39:15: roles.parts[1].prompt uses unknown placeholder {holder}; it accepts"
                                + " [name, number, part] [prompts.placeholder]"),
                e.errors().stream().map(RhythmError::toString).toList());
    }

    @Test
    void aPrivatePhaseIsHeardByTheHarvesterAndRevealsOnlyWhatWasPrivateWithItsOwnPrompt() {
        Rhythm decision = RhythmLibrary.shippedRhythm("design-decision").orElseThrow();
        assertEquals(Voice.PRIVATE, decision.breath().get(0).voice());
        assertEquals(Reveal.NAMED, decision.breath().get(0).reveal());
        assertEquals(Voice.OPEN, decision.breath().get(1).voice());
        assertEquals(
                Reveal.ANONYMOUS,
                RhythmLibrary.shippedRhythm("council")
                        .orElseThrow()
                        .breath()
                        .get(0)
                        .reveal());

        String text = RhythmLibrary.shipped("design-decision")
                .replace("    voice: private\n    reveal: named\n", "    voice: private\n    reveal: loudly\n")
                .replace("  - phase: vote\n    rounds: 1\n", "  - phase: vote\n    rounds: 1\n    reveal: named\n")
                .replace("  harvester: 1\n", "  harvester: 0\n")
                .replace("\n    {answers}", "\n    {answers} from {name}");
        RhythmException e = assertThrows(RhythmException.class, () -> RhythmLoader.parse("r.yaml", text));
        assertEquals(
                List.of(
                        "r.yaml:10:13: breath[0].reveal does not have a value in the enumeration [\"named\", \"anonymous\"]"
                                + " (found 'loudly') [schema.enum]",
                        "r.yaml:16:5: breath[1] reveals its answers but everyone heard them already; add voice: private"
                                + " or remove reveal [breath.reveal]",
                        "r.yaml:48:11: prompts.reveal uses unknown placeholder {name}; it accepts [PHASE, answers, phase]"
                                + " [prompts.placeholder]"),
                e.errors().stream().map(RhythmError::toString).toList());

        String noReveal = RhythmLibrary.shipped("design-decision")
                .replace("    reveal: named\n", "")
                .replace("  harvester: 1\n", "  harvester: 0\n");
        RhythmException quiet = assertThrows(RhythmException.class, () -> RhythmLoader.parse("q.yaml", noReveal));
        assertEquals(
                List.of("q.yaml:9:12: breath[0] is private but nobody would hear it: give the rhythm a harvester"
                        + " (roles.harvester: 1) or the phase a reveal [breath.voice]"),
                quiet.errors().stream().map(RhythmError::toString).toList());

        String noPrompt = RhythmLibrary.shipped("design-decision").replaceAll("(?s)  reveal: \\|.*?\\{answers}\\n", "");
        RhythmException missing = assertThrows(RhythmException.class, () -> RhythmLoader.parse("m.yaml", noPrompt));
        assertEquals(
                List.of(
                        "m.yaml:33:3: a rhythm with a phase that reveals its answers needs prompts.reveal [schema.required]"),
                missing.errors().stream().map(RhythmError::toString).toList());
    }
}
