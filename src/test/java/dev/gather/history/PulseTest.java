package dev.gather.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.home.Homes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PulseTest {
    @TempDir
    Path home;

    private List<Source> sources() {
        return Source.defaults(home.resolve("state/journal"), Homes.of(Map.of("HOME", home.toString())));
    }

    private Path write(String relative, String content) throws Exception {
        Path f = home.resolve(relative);
        Files.createDirectories(f.getParent());
        Files.writeString(f, content);
        return f;
    }

    @Test
    void keywordsDropStopWordsShortWordsAndRepeats() {
        assertEquals(
                List.of("retro", "went", "wrong", "parser", "migration"),
                Pulse.keywords("retro", "What went wrong with the parser migration, and the PARSER? 2024"));
        assertEquals(
                12,
                Keywords.of("a1b2 c3d4 e5f6 g7h8 i9j0 k1l2 m3n4 o5p6 q7r8 s9t0 u1v2 w3x4 y5z6")
                        .size());
    }

    @Test
    void quotesTheBestMatchesFromJournalsAndTranscriptsAndSkipsMissingFolders() throws Exception {
        write(
                "state/journal/g-7.jsonl",
                """
                {"time":"t","kind":"relay","from":"Ada","text":"The parser migration broke the lexer tests; we rolled back."}
                {"time":"t","kind":"relay","from":"Bo","text":"Unrelated chatter about lunch."}
                """);
        write("state/journal/g-8.jsonl", "{\"kind\":\"relay\",\"text\":\"lunch again\"}\n");
        write(
                ".claude/projects/-work-x/abc.jsonl",
                """
                {"type":"user","message":{"role":"user","content":"Plan the parser migration to the new grammar"}}
                """);
        // no .codex or .gemini folder at all: skipped
        String pulse = new Pulse(sources(), 400).compose(List.of("parser", "migration"));
        assertTrue(pulse.startsWith("Earlier talk on parser, migration: "), pulse);
        assertTrue(pulse.contains("journal g-7: \"The parser migration broke the lexer tests"), pulse);
        assertTrue(pulse.contains("claude: \"Plan the parser migration to the new grammar\""), pulse);
        assertFalse(pulse.contains("lunch"), pulse);
        assertTrue(pulse.length() <= 400, pulse);
    }

    @Test
    void emptyWhenNothingMatchesOrNoFolderExists() throws Exception {
        assertEquals("", new Pulse(sources(), 400).compose(List.of("parser")));
        write("state/journal/g-1.jsonl", "{\"text\":\"nothing relevant\"}\n");
        assertEquals("", new Pulse(sources(), 400).compose(List.of("parser")));
        assertEquals("", new Pulse(sources(), 400).compose(List.of()));
    }

    @Test
    void staysWithinItsBoundAndStripsControlCharacters() throws Exception {
        String longText = "parser ".repeat(20) + "\u001b[31mred\u001b[0m " + "word ".repeat(400);
        for (int i = 0; i < 5; i++) {
            write(
                    ".codex/sessions/2026/11/0" + i + "/rollout.jsonl",
                    "{\"text\":\"" + longText.replace("\u001b", "\\u001b") + "\"}\n");
        }
        String pulse = new Pulse(sources(), 120).compose(List.of("parser", "red"));
        assertTrue(pulse.length() <= 120, pulse.length() + ": " + pulse);
        assertFalse(pulse.chars().anyMatch(c -> c < 0x20), pulse);
        assertTrue(pulse.contains("codex: \""), pulse);
    }

    @Test
    void moreDistinctKeywordsWinThenMoreHitsThenRecency() throws Exception {
        Path one = write("state/journal/one.jsonl", "{\"text\":\"parser parser parser parser\"}\n");
        Path both = write("state/journal/both.jsonl", "{\"text\":\"parser and grammar\"}\n");
        Path old = write("state/journal/old.jsonl", "{\"text\":\"parser parser parser parser\"}\n");
        Files.setLastModifiedTime(old, FileTime.fromMillis(1_000));
        List<Match> best = new PulseSearch(sources(), 4096, 100).best(List.of("parser", "grammar"), 3);
        assertEquals(List.of(both, one, old), best.stream().map(Match::file).toList());
    }

    @Test
    void readsOnlyTheHeadOfHugeFilesAndOnlyTheMostRecentFiles() throws Exception {
        write("state/journal/huge.jsonl", "x".repeat(10_000) + " parser\n");
        assertEquals(List.of(), new PulseSearch(sources(), 4096, 100).best(List.of("parser"), 3));
        assertEquals(
                1,
                new PulseSearch(sources(), 16_384, 100)
                        .best(List.of("parser"), 3)
                        .size());

        Path recent = write("state/journal/recent.jsonl", "{\"text\":\"grammar\"}\n");
        Path older = write("state/journal/older.jsonl", "{\"text\":\"grammar grammar\"}\n");
        Files.setLastModifiedTime(older, FileTime.fromMillis(1_000));
        Files.setLastModifiedTime(home.resolve("state/journal/huge.jsonl"), FileTime.fromMillis(500));
        List<Match> capped = new PulseSearch(sources(), 4096, 1).best(List.of("grammar"), 3);
        assertEquals(List.of(recent), capped.stream().map(Match::file).toList());
    }

    @Test
    void scannerMatchesWholeWordsCaseBlindIncludingNonAscii() {
        TokenScanner s = new TokenScanner(List.of("parser", "größe"));
        byte[] data = "Parser, PARSER parsers subparser GRÖSSE größe".getBytes(StandardCharsets.UTF_8);
        int[] counts = new int[2];
        s.count(data, data.length, counts);
        assertEquals(2, counts[0]);
        assertEquals(1, counts[1]);
    }
}
