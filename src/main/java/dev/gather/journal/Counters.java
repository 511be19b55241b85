package dev.gather.journal;

/**
 * Where a turn stands in its gathering, kept beside the words that announce it: {@code phase} from
 * 0, {@code round} and {@code turn} from 1. A restarted daemon reads them instead of parsing prose.
 */
public record Counters(int phase, int round, int turn) {
    public Counters {
        if (phase < 0 || round < 1 || turn < 1) {
            throw new IllegalArgumentException("a turn's counters are phase ≥ 0, round and turn ≥ 1 (were " + phase
                    + ", " + round + ", " + turn + ")");
        }
    }
}
