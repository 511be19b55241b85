package dev.gather.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.stream.IntStream;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped count rhythm through a real Claude Code, Codex and Gemini CLI (fake models that answer
 * one more than the highest number they were told): every number is said once and in order, none is
 * lost or doubled, no delivery fails. The harvester is a second real Claude Code, asked once for the
 * harvest (and once with its seed) in digest hearing, with every number in that one request.
 */
@Live
class CountLiveTest {
    /**
     * Nine, not the shipped hundred: three rounds cross every handoff (Claude → Codex → Gemini → Claude)
     * at least twice, the first typed and the rest through the doors once known, in about two minutes;
     * a hundred would hold the live lane for ten and `make bench`'s count row runs it.
     */
    private static final int LAST = 9;

    @TempDir
    Path dir;

    @LiveTest
    void aClaudeACodexAndAGeminiCountToNineEachNumberOnceInOrderAndTheHarvesterIsAskedOnce() throws Exception {
        try (LiveCircle circle = new LiveCircle(dir)) {
            Map<Integer, Instant> answered = new ConcurrentHashMap<>();
            circle.claudeModel.script(GatheringScripts.counter("Ada", LAST, answered));
            circle.live.model.script(GatheringScripts.quietAfterTools(GatheringScripts.counter("Bo", LAST, answered)));
            circle.geminiModel.script(GatheringScripts.counter("Cy", LAST, answered));
            circle.harvesterModel.script(GatheringScripts.harvester("Hal"));
            circle.rhythm("count-nine", nine());
            String id = circle.start(
                    "count-nine",
                    "-p",
                    "Ada:speaker:claude",
                    "-p",
                    "Bo:speaker:codex",
                    "-p",
                    "Cy:speaker:gemini",
                    "-p",
                    "Hal:harvester:claude-harvester");
            circle.untilHarvested(id, Duration.ofMinutes(6));
            try {
                List<Integer> said = new ArrayList<>();
                for (JsonNode relay : circle.entries(id, "relay")) {
                    Matcher n = GatheringScripts.numbers(relay.path("text").asText());
                    while (n.find()) {
                        said.add(Integer.parseInt(n.group(1)));
                    }
                }
                assertEquals(IntStream.rangeClosed(1, LAST).boxed().toList(), said, "each number once, in order");
                assertTrue(
                        circle.entries(id, "delivery").stream()
                                .noneMatch(d -> d.path("state").asText().equals("failed")),
                        "no failed delivery");
                DigestChecks.assertHarvesterAskedOnce(
                        circle.journalEntries(id), circle.harvesterModel.turns(), circle.harvesterModel.summary());
            } catch (AssertionError e) {
                System.out.println(circle.story(id).get());
                throw e;
            }
        }
    }

    /** The shipped count rhythm cut to three rounds: nine numbers. */
    private static String nine() throws IOException {
        String text = shipped()
                .replaceFirst("(?m)^name: count$", "name: count-nine")
                .replaceFirst(
                        "(?m)^opening_question: .*$",
                        "opening_question: \"Count from 1 to 9 together, one number a turn.\"")
                .replaceFirst("(phase: count, rounds: )17", "$12")
                .replaceFirst("(phase: count-on, rounds: )17", "$11");
        assertTrue(text.contains("rounds: 2,") && text.contains("rounds: 1,"), "the count rhythm changed shape");
        return text;
    }

    private static String shipped() throws IOException {
        try (InputStream in = CountLiveTest.class.getResourceAsStream("/rhythms/count.yaml")) {
            assertNotNull(in, "the shipped count rhythm is in the build");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
