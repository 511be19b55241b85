package dev.gather.history;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The words of a rhythm name and an opening question worth searching for: no stop words, no short ones. */
public final class Keywords {
    static final int MAX = 12;
    private static final Set<String> STOP = Set.of(
            "the",
            "and",
            "for",
            "are",
            "but",
            "not",
            "you",
            "your",
            "all",
            "any",
            "can",
            "had",
            "her",
            "was",
            "one",
            "our",
            "out",
            "has",
            "have",
            "him",
            "his",
            "how",
            "its",
            "let",
            "may",
            "now",
            "own",
            "say",
            "she",
            "too",
            "use",
            "way",
            "who",
            "why",
            "yet",
            "this",
            "that",
            "with",
            "what",
            "when",
            "where",
            "which",
            "while",
            "from",
            "into",
            "onto",
            "than",
            "then",
            "them",
            "they",
            "there",
            "these",
            "those",
            "their",
            "will",
            "would",
            "could",
            "should",
            "about",
            "after",
            "again",
            "also",
            "been",
            "being",
            "does",
            "doing",
            "done",
            "each",
            "just",
            "more",
            "most",
            "much",
            "need",
            "needs",
            "only",
            "other",
            "over",
            "same",
            "some",
            "such",
            "very",
            "were",
            "here",
            "want",
            "well",
            "make",
            "like",
            "today",
            "attention");

    private Keywords() {}

    /** Up to 12 distinct lowercase keywords from {@code texts}, in order of first appearance. */
    public static List<String> of(String... texts) {
        Set<String> out = new LinkedHashSet<>();
        for (String text : texts) {
            if (text == null) {
                continue;
            }
            for (String w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
                if (w.length() >= 3 && !STOP.contains(w) && !w.chars().allMatch(Character::isDigit)) {
                    out.add(w);
                }
                if (out.size() == MAX) {
                    return List.copyOf(out);
                }
            }
        }
        return List.copyOf(out);
    }
}
