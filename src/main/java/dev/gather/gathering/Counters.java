package dev.gather.gathering;

import dev.gather.link.Member;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where the talking piece stands: phase, round, beat, turn and holder. They live in the state
 * machine's extended state (so a snapshot of the machine carries them), once {@link #use} moved them
 * there; until the machine exists, in a map of their own. Only this class reads or writes those keys.
 */
final class Counters {
    private static final String PHASE = "phase";
    private static final String ROUND = "round";
    private static final String BEAT = "beat";
    private static final String TURN = "turn";
    private static final String HOLDER = "holder";

    private Map<Object, Object> vars = new ConcurrentHashMap<>();

    /** The counters before the first turn: first phase, first round, no beat, no turn, no holder. */
    Counters() {
        set(0, 1, 0, 0, Optional.empty());
    }

    /** Moves the counters into the machine's extended state once the machine exists. */
    void use(Map<Object, Object> machineVars) {
        machineVars.putAll(vars);
        this.vars = machineVars;
    }

    int phaseIndex() {
        return (Integer) vars.get(PHASE);
    }

    int round() {
        return (Integer) vars.get(ROUND);
    }

    int beat() {
        return (Integer) vars.get(BEAT);
    }

    int turn() {
        return (Integer) vars.get(TURN);
    }

    Optional<Member> holder() {
        return Optional.ofNullable((Member) vars.get(HOLDER));
    }

    /** Counts the beat about to come and returns it. */
    int nextBeat() {
        int b = beat() + 1;
        vars.put(BEAT, b);
        return b;
    }

    /** A turn begins: {@code holder} has the piece in {@code phase} and {@code round}, its beats not yet counted. */
    void begin(int phase, int round, Member holder) {
        set(phase, round, 0, turn() + 1, Optional.of(holder));
    }

    /** All five at once, as a journal's snapshot gives them (a resumed gathering). */
    void set(int phase, int round, int beat, int turn, Optional<Member> holder) {
        vars.put(PHASE, phase);
        vars.put(ROUND, round);
        vars.put(BEAT, beat);
        vars.put(TURN, turn);
        holder.ifPresentOrElse(h -> vars.put(HOLDER, h), () -> vars.remove(HOLDER));
    }

    /** Nobody holds the piece (the breath is done, or the holder left). */
    void release() {
        vars.remove(HOLDER);
    }
}
