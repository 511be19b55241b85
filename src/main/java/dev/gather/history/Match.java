package dev.gather.history;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One file that speaks of the keywords.
 *
 * @param distinct how many different keywords it holds
 * @param hits occurrences in all, each keyword counted at most {@link PulseSearch#HIT_CAP} times
 */
record Match(Source source, Path file, int distinct, int hits, long modifiedMillis) implements Comparable<Match> {
    Match {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(file, "file");
    }

    /** Best first: more distinct keywords, then more hits, then more recent. */
    @Override
    public int compareTo(Match o) {
        if (distinct != o.distinct) {
            return Integer.compare(o.distinct, distinct);
        }
        if (hits != o.hits) {
            return Integer.compare(o.hits, hits);
        }
        return Long.compare(o.modifiedMillis, modifiedMillis);
    }
}
