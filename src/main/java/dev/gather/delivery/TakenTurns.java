package dev.gather.delivery;

import dev.gather.door.Door;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The letters a member's harness door saw taken whose turn has not ended yet, each with the door's
 * trace. A turn end is judged against them: Codex's notify of the turn a letter was handed during
 * can come after its door saw the next turn take that letter. That end is not the letter's answer,
 * and the member is still in the letter's turn; the trace tells, by the harness's own turn id. Its
 * lock is the channel's monitor; a trace is never read under it.
 */
final class TakenTurns {
    private final Object lock;
    private final Map<Letter, Door.Trace> open = new LinkedHashMap<>();
    /** Taken by a turn after the one whose end is being judged now: it shows as still waiting meanwhile. */
    private Letter later;

    TakenTurns(Object lock) {
        this.lock = lock;
    }

    /** {@code letter} was taken, as {@code trace} shows. Under the lock. */
    void add(Letter letter, Door.Trace trace) {
        open.put(letter, trace);
    }

    /** Its turn ended; false when it was no longer open (forgotten meanwhile). Under the lock. */
    boolean remove(Letter letter) {
        if (letter.equals(later)) {
            later = null;
        }
        return open.remove(letter) != null;
    }

    /** Forgets every open letter; they are returned. Under the lock. */
    List<Letter> forget() {
        List<Letter> all = new ArrayList<>(open.keySet());
        open.clear();
        later = null;
        return all;
    }

    /** The letters taken and not yet confirmed, but for one whose turn began after the end being judged. Under the lock. */
    List<Letter> unconfirmed() {
        return open.keySet().stream().filter(l -> !l.equals(later)).toList();
    }

    /** The one whose turn began after the end being judged, if any: still waiting, as that end sees it. Under the lock. */
    Optional<Letter> later() {
        return Optional.ofNullable(later);
    }

    /**
     * As a turn ends ({@code turn}: the harness's id for it, where its hook named one): reads each open
     * letter's trace, off the lock, and holds back the first that shows the turn ended before its own.
     */
    void judge(Optional<String> turn) {
        Map<Letter, Door.Trace> now;
        synchronized (lock) {
            now = new LinkedHashMap<>(open);
        }
        for (Map.Entry<Letter, Door.Trace> e : now.entrySet()) {
            if (e.getValue().look().endedBefore(turn)) {
                synchronized (lock) {
                    later = open.containsKey(e.getKey()) ? e.getKey() : later;
                }
                return;
            }
        }
    }

    /** The turn end was judged: true when it ended before a letter's turn, which the member is still in. */
    boolean judged() {
        synchronized (lock) {
            boolean before = later != null;
            later = null;
            return before;
        }
    }
}
