package dev.gather.door;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;

/**
 * Claude's own evidence for parcels handed through its door, each watched by its reference: taken
 * when the pane's {@code UserPromptSubmit} hook carries the parcel's words (that pane's Claude started
 * a turn with it; the hook names no reference, so within one pane the oldest parcel it matches), ended
 * at that pane's next turn end, declined when a receipt about that parcel says Claude will never take
 * it. Fed by the daemon from the hooks; bounded, so a parcel never taken is forgotten after {@value
 * #KEPT} newer ones.
 */
public final class ClaudeTraces {
    static final int KEPT = 256;

    private record Watch(
            String pane,
            String ref,
            String text,
            CompletableFuture<String> taken,
            CompletableFuture<String> ended,
            CompletableFuture<String> held) {}

    private final Deque<Watch> watches = new ArrayDeque<>();

    /** Starts watching {@code parcel}, just handed into {@code pane}. */
    public synchronized Door.Trace trace(String pane, Parcel parcel) {
        Watch w = new Watch(
                pane,
                parcel.ref(),
                parcel.text(),
                new CompletableFuture<>(),
                new CompletableFuture<>(),
                new CompletableFuture<>());
        watches.addLast(w);
        while (watches.size() > KEPT) {
            watches.removeFirst();
        }
        return new Door.Trace(w.taken(), w.ended(), turn -> false, w.held());
    }

    /** {@code pane}'s harness started a turn with a prompt; {@code carries} says whether it is a given text. */
    public void prompt(String pane, Predicate<String> carries, String how) {
        List<Watch> hit = new ArrayList<>();
        synchronized (this) {
            for (Watch w : watches) {
                if (w.pane().equals(pane) && !w.taken().isDone() && carries.test(w.text())) {
                    hit.add(w);
                    break; // one prompt takes one message: the oldest it matches
                }
            }
        }
        hit.forEach(w -> w.taken().complete(how));
    }

    /** {@code pane}'s turn ended: the messages its turns were taken with are done. */
    public void turnEnded(String pane, String how) {
        List<Watch> done = new ArrayList<>();
        synchronized (this) {
            watches.removeIf(w -> {
                if (w.pane().equals(pane) && w.taken().isDone()) {
                    done.add(w);
                    return true;
                }
                return false;
            });
        }
        done.forEach(w -> w.ended().complete(how));
    }

    /** The parcel {@code ref} is no longer watched (Claude refused it, or gather typed it instead). */
    public synchronized void stop(String ref) {
        watches.removeIf(w -> w.ref().equals(ref));
    }

    /**
     * Claude keeps the parcel {@code ref} for its person after all (a hold that came after the handover's
     * receipt window): its watcher hears why. Still watched: a person who releases it starts a turn with it.
     */
    public void held(String ref, String why) {
        List<Watch> kept = new ArrayList<>();
        synchronized (this) {
            watches.stream()
                    .filter(w -> w.ref().equals(ref) && !w.taken().isDone())
                    .forEach(kept::add);
        }
        kept.forEach(w -> w.held().complete(why));
    }

    /**
     * Claude will never deliver the parcel {@code ref} (dropped, refused, a hold denied or expired):
     * it is no longer watched, and its watcher hears why ({@link Door.Declined}). Only that parcel:
     * another member's copy of the same words is another parcel, and its Claude may have it queued.
     */
    public void declined(String ref, String why) {
        List<Watch> gone = new ArrayList<>();
        synchronized (this) {
            watches.removeIf(w -> w.ref().equals(ref) && !w.taken().isDone() && gone.add(w));
        }
        gone.forEach(w -> w.taken().completeExceptionally(new Door.Declined(why)));
    }
}
