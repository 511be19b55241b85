package dev.gather.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.rhythm.RhythmError;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.rhythm.RhythmLint;
import dev.gather.server.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The rhythm editor's server side: lint and rehearse unsaved text as the CLI does, save only what lints. */
class StudioTest {
    @TempDir
    Path home;

    private Studio studio() {
        return new Studio(new RhythmLibrary(List.of(home.resolve("rhythms"))));
    }

    private static String minimal(String name) throws Exception {
        return Files.readString(Path.of("rhythms/minimal.yaml")).replace("name: minimal", "name: " + name);
    }

    private static ObjectNode body(String name, String text) {
        return Http.JSON.createObjectNode().put("name", name).put("text", text);
    }

    @Test
    void lintGivesEveryErrorOfTheUnsavedTextAtItsLineAndColumnAsGatherLintDoes() throws Exception {
        String text = minimal("mine").replace("per_turn: 2", "per_turn: 0").replace("max: 12", "max: 1");
        List<RhythmError> cli = RhythmLint.checkText("mine.yaml", text);
        ObjectNode a = studio().lint(body("mine", text));
        assertFalse(a.path("clean").asBoolean());
        assertEquals(cli.size(), a.path("errors").size(), a::toString);
        for (int i = 0; i < cli.size(); i++) {
            assertEquals(cli.get(i).line(), a.path("errors").get(i).path("line").asInt());
            assertEquals(
                    cli.get(i).column(), a.path("errors").get(i).path("column").asInt());
            assertEquals(cli.get(i).rule(), a.path("errors").get(i).path("rule").asText());
        }
        assertFalse(a.has("diagram"), "no diagram of a rhythm that does not load");
        ObjectNode clean = studio().lint(body("mine", minimal("mine")));
        assertTrue(clean.path("clean").asBoolean());
        assertTrue(clean.path("diagram").asText().startsWith("stateDiagram"), clean::toString);
    }

    @Test
    void theRehearsalOfUnsavedTextFinishesWithAHarvestAndTextThatDoesNotLintIsNotRehearsed() throws Exception {
        ObjectNode t = studio().rehearse(body("mine", minimal("mine")));
        assertTrue(t.path("finished").asBoolean(), t::toString);
        assertTrue(t.path("timeline").findValuesAsText("kind").contains("harvest"), () -> "a harvest: " + t);
        UserError e = assertThrows(UserError.class, () -> studio().rehearse(
                        body("mine", minimal("mine").replace("per_turn: 2", "per_turn: 0"))));
        assertTrue(e.getMessage().contains("does not lint"), e.getMessage());
    }

    @Test
    void saveWritesOnlyACleanRhythmUnderItsOwnPlainName() throws Exception {
        UserError broken = assertThrows(UserError.class, () -> studio().save(
                        body("mine", minimal("mine").replace("per_turn: 2", "per_turn: 0"))));
        assertTrue(broken.getMessage().contains("mine.yaml:10:"), broken.getMessage());
        UserError other = assertThrows(UserError.class, () -> studio().save(body("mine", minimal("theirs"))));
        assertTrue(other.getMessage().contains("calls itself 'theirs'"), other.getMessage());
        for (String bad : List.of("../mine", "mine/..", ".mine", "Mine", "", "a".repeat(41))) {
            assertThrows(UserError.class, () -> studio().save(body(bad, minimal("mine"))), bad);
        }
        assertFalse(Files.exists(home.resolve("rhythms/mine.yaml")));

        ObjectNode saved = studio().save(body("mine", minimal("mine")));
        Path file = home.resolve("rhythms/mine.yaml");
        assertEquals(file.toAbsolutePath().toString(), saved.path("file").asText());
        assertEquals(minimal("mine"), Files.readString(file));
        try (var left = Files.list(file.getParent())) {
            assertEquals(
                    List.of(file.toAbsolutePath()),
                    left.map(Path::toAbsolutePath).toList(),
                    "no temporary file left");
        }
        // now it is the user's own: opened editable, its saved text
        ObjectNode source = studio().source("mine");
        assertTrue(source.path("yours").asBoolean());
        assertEquals(minimal("mine"), source.path("text").asText());
        assertFalse(studio().source("daily").path("yours").asBoolean(), "a shipped rhythm is opened to copy");
    }
}
