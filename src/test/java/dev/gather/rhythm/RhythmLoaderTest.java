package dev.gather.rhythm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

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
        for (String innocent : SemanticStage.INNOCENT) {
            assertTrue(
                    daily.passPatterns().stream()
                            .noneMatch(p -> p.find(innocent).isPresent()),
                    innocent);
        }
    }

    private static java.util.Optional<String> find(Rhythm r, String text) {
        return r.passPatterns().stream()
                .map(p -> p.find(text))
                .flatMap(java.util.Optional::stream)
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
    }

    @Test
    void theLibraryNamesKnownRhythmsWhenOneIsUnknown() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> new RhythmLibrary(List.of()).load("nope"));
        assertTrue(
                e.getMessage().contains("known: daily, direct, extended, minimal, monthly, standard, weekly"),
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
    void aBrokenUserRhythmOfAShippedNameFallsBackToTheShippedOne(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws java.io.IOException {
        java.nio.file.Files.writeString(dir.resolve("direct.yaml"), "name: &n {a: *n}\n");
        java.nio.file.Files.writeString(dir.resolve("mine.yaml"), "name: &n {a: *n}\n");
        RhythmLibrary library = new RhythmLibrary(List.of(dir));
        assertEquals("direct", library.load("direct").name());
        RhythmException mine = assertThrows(RhythmException.class, () -> library.load("mine"));
        assertEquals("yaml.recursive", mine.errors().get(0).rule());
        assertTrue(library.all().stream().anyMatch(r -> r.name().equals("direct")));
    }
}
