package dev.gather.history;

import dev.gather.home.Homes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * The proprioception pulse for a gathering's seed: what past gather journals and the agents' own
 * transcripts said about the gathering's keywords, compressed to a few hundred characters.
 */
public final class Pulse {
    /** The pulse never exceeds this many characters. */
    public static final int MAX_CHARS = 400;

    static final int BYTES_PER_FILE = 64 * 1024;
    static final int MAX_FILES = 5_000;
    static final int MATCHES = 3;

    private final PulseSearch search;
    private final int maxChars;

    /** A pulse over {@code sources}, bounded to {@code maxChars}. */
    public Pulse(List<Source> sources, int maxChars) {
        this(new PulseSearch(sources, BYTES_PER_FILE, MAX_FILES), maxChars);
    }

    Pulse(PulseSearch search, int maxChars) {
        if (maxChars < 80) {
            throw new IllegalArgumentException("a pulse needs at least 80 characters (was " + maxChars + ")");
        }
        this.search = Objects.requireNonNull(search, "search");
        this.maxChars = maxChars;
    }

    /**
     * The pulse for gathering {@code own}: what gather's journals and the harnesses' transcripts under
     * {@code homes} said of its keywords, leaving out the gathering's own journal and harvest (on a fresh
     * home its start line was its only "earlier talk").
     */
    public static String of(List<String> keywords, Homes homes, String own) {
        return new Pulse(Source.defaults(homes.state().journals(), homes), MAX_CHARS)
                .compose(keywords, file -> file.getFileName().toString().startsWith(own + "."));
    }

    /** The keywords of a gathering: its rhythm's name and its opening question. */
    public static List<String> keywords(String rhythm, String question) {
        return Keywords.of(rhythm, question);
    }

    /** The pulse text for {@code keywords}; empty when nothing in the past speaks of them. */
    public String compose(List<String> keywords) {
        return compose(keywords, file -> false);
    }

    /** The pulse text for {@code keywords}, from no file {@code skip} accepts. */
    public String compose(List<String> keywords, Predicate<Path> skip) {
        List<Match> matches = search.best(keywords, MATCHES + 2).stream()
                .filter(m -> !skip.test(m.file()))
                .limit(MATCHES)
                .toList();
        if (matches.isEmpty()) {
            return "";
        }
        String head = "Earlier talk on " + String.join(", ", keywords.subList(0, Math.min(4, keywords.size()))) + ": ";
        int each = Math.max(40, (maxChars - head.length()) / matches.size() - 16);
        List<String> parts = new ArrayList<>();
        for (Match m : matches) {
            String quote = Snippets.of(m.file(), keywords, BYTES_PER_FILE, each);
            if (!quote.isBlank()) {
                parts.add(label(m) + ": \"" + quote + "\"");
            }
        }
        String pulse = head + String.join(" | ", parts);
        return pulse.length() <= maxChars ? pulse : pulse.substring(0, maxChars - 1) + "…";
    }

    private static String label(Match m) {
        if (m.source().label().equals("journal")) {
            String name = m.file().getFileName().toString();
            return "journal " + name.replaceFirst("\\.jsonl?$", "");
        }
        return m.source().label();
    }
}
