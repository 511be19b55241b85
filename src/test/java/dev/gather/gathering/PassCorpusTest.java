package dev.gather.gathering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.rhythm.PassPattern;
import dev.gather.rhythm.RhythmLibrary;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Pass detection against a corpus of realistic paragraphs, with the standard rhythm's patterns:
 * those that must not move the piece and those that must (and to whom). Prints its false-positive
 * and false-negative counts.
 */
class PassCorpusTest {
    private static final List<Member> MEMBERS = List.of(
            Member.inPane("Ada", 1, Role.SPEAKER, "%1"),
            Member.inPane("Bo", 2, Role.SPEAKER, "%2"),
            Member.inPane("Cy", 3, Role.SPEAKER, "%3"),
            Member.inPane("Hal", 4, Role.HARVESTER, "%4"));

    /** Paragraphs an agent might well write that are not its own pass. */
    static final List<String> MUST_NOT_PASS = List.of(
            "All tests pass now, including the flaky integration suite.",
            "We should pass the config to the loader instead of reading it globally.",
            "I'll pass on that for now; the question deserves its own discussion.",
            "The first pass of the parser builds the token stream.",
            "Bo said \"I pass to Cy\" earlier, but I think that was a mistake.",
            "Ada wrote: I pass the piece. That was in the last round, not this one.",
            "Quoting the transcript: \"I pass to Bo.\" That is how the round ended.",
            "> I pass to Cy\n\nI disagree with the quote above; the cache must stay.",
            "[Bo] (2):\n\nI pass to Cy.\n\nThat was Bo's message; my view is different.",
            "Bo: I pass to Cy.\nThat line is from the log, not from me.",
            "```\nif holder says 'I pass to Ada' then move\n```\nThe code above shows the rule.",
            "The pattern `I pass to (?<name>\\w+)` is what the facilitator matches.",
            "If I pass to Bo now, we lose the thread on caching.",
            "When I pass the piece, Cy should start with the data model.",
            "Before I pass to Cy, let me list the three risks.",
            "I will not pass yet. There is more to say about retries.",
            "I don't pass to anyone until we settle the schema.",
            "Should I pass to Bo, or keep going?",
            "I pass to Bo?",
            "Someone asked whether I pass the piece too early.",
            "Cy suggested that I pass to Ada next time.",
            "The rule says: I pass to whoever has not spoken.",
            "For example, saying \"I pass the piece\" hands it on.",
            "The phrase 'I pass to Ada' is recognised by the facilitator.",
            "Passing tests are a good sign, but coverage is thin.",
            "Now I am passing to the next point of my argument: latency.",
            "We are passing to the callback a closure that captures the request.",
            "I pass to Zed, who is not here, as a joke.",
            "The value is passed to the handler by reference.",
            "Let's pass over that detail for now.",
            "It passed CI on the second try after the retry fix.",
            "I passed the review yesterday; the branch is merged.",
            "My password manager flagged the shared secret.",
            "Could you pass the salt? (A joke from the last retro.)",
            "The compass heading drifted during the test flight.",
            "Overall, the team should let the module pass through review quickly.",
            "Bo mentioned that he would pass to Cy once he was done.",
            "In the last gathering Ada typed I pass the piece too soon.",
            "Ada's words were: I pass to Bo. I think she meant Cy.",
            "“I pass to Bo,” Ada said, and then she changed her mind.",
            "‘I pass the piece’ is the unnamed form of the phrase.",
            "I would pass to Cy if Cy had not spoken already.",
            "I might pass to Ada later, after the benchmark numbers.",
            "Never mind whether I pass the piece; the deadline matters more.",
            "~~~\nI pass to Bo\n~~~\nThat snippet is from the docs.",
            "The linter says all checks pass. The build is green.",
            "Our data passes to the next stage unchanged.",
            "Hal: I pass the piece.\nThat was a test message from the harvester's log.",
            "The bypass valve keeps the pressure low.",
            "Note that 'passing to 3' is also accepted by the facilitator.",
            "It is not true that I pass the piece whenever I finish.",
            "Once I pass the piece, the next speaker has two beats.",
            "I cannot pass to Bo because Bo left the gathering.",
            "Unless someone objects, I won't pass the piece yet.");

    /** Paragraphs that end the holder's turn, with the expected target ("" for the next speaker). */
    static final List<String[]> MUST_PASS = List.of(
            new String[] {"That is my view. I pass to Bo.", "bo"},
            new String[] {"I pass the piece.", ""},
            new String[] {"Enough from me; I pass the piece.", ""},
            new String[] {"Passing to Cy.", "cy"},
            new String[] {"Passing the piece to 3.", "3"},
            new String[] {"I pass to 2.", "2"},
            new String[] {"Thanks, Ada. I pass the piece to Cy.", "cy"},
            new String[] {"The cache stays, the schema changes.\n\nI pass to Ada", "ada"},
            new String[] {"I think we agree on retries. Now I pass to Bo.", "bo"},
            new String[] {"Bo said \"retries are cheap\"; I doubt it. I pass to Cy.", "cy"},
            new String[] {"Here is the code:\n```\nretry(3)\n```\nI pass the piece.", ""},
            new String[] {"So: keep the queue, drop the lock. Passing to Bo!", "bo"},
            new String[] {"My last words: ship it on Friday. I pass to cy.", "cy"},
            new String[] {"I have nothing to add this round. I pass the piece.", ""},
            new String[] {"Summary: we split the module. I pass to Ada.", "ada"},
            new String[] {"Cy made the point I wanted to make. I pass to Bo.", "bo"},
            new String[] {"I pass to Hal.", "hal"},
            new String[] {"Let me stop here. I pass the piece to Bo.", "bo"},
            new String[] {"Ada's concern is fair and I share it.\nI pass to Cy.", "cy"},
            new String[] {"Two points: latency and cost. Both matter. Passing to Ada.", "ada"},
            new String[] {"> Bo: the cache is fine\nI disagree with that. I pass to Cy.", "cy"},
            new String[] {"I pass to Bo. Bo knows the billing code best.", "bo"});

    @Test
    void theCorpusReadsLikeAPerson() {
        List<PassPattern> patterns =
                RhythmLibrary.shippedRhythm("standard").orElseThrow().passPatterns();
        assertTrue(MUST_NOT_PASS.size() >= 50, "at least 50 paragraphs that must not pass");
        assertTrue(MUST_PASS.size() >= 20, "at least 20 paragraphs that must pass");
        List<String> falsePositives = new ArrayList<>();
        for (String text : MUST_NOT_PASS) {
            Optional<PassMatcher.Pass> p = PassMatcher.find(patterns, text, MEMBERS);
            if (p.isPresent()) {
                falsePositives.add(text.replace("\n", "⏎") + " -> " + p.get());
            }
        }
        List<String> falseNegatives = new ArrayList<>();
        for (String[] c : MUST_PASS) {
            Optional<PassMatcher.Pass> p = PassMatcher.find(patterns, c[0], MEMBERS);
            String got = p.map(x -> x.target().orElse("")).orElse(null);
            if (!c[1].equals(got)) {
                falseNegatives.add(c[0].replace("\n", "⏎") + " -> " + (got == null ? "no pass" : "'" + got + "'"));
            }
        }
        System.out.printf(
                "pass corpus: %d must-not-pass, %d false positives; %d must-pass, %d false negatives%n",
                MUST_NOT_PASS.size(), falsePositives.size(), MUST_PASS.size(), falseNegatives.size());
        falsePositives.forEach(f -> System.out.println("  false positive: " + f));
        falseNegatives.forEach(f -> System.out.println("  false negative: " + f));
        assertEquals(List.of(), falsePositives, "moved the piece on words that were not the holder's pass");
        assertEquals(List.of(), falseNegatives, "missed the holder's own pass");
    }
}
