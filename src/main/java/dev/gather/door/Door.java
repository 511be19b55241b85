package dev.gather.door;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * How a message enters one member: the harness's own input channel (Claude Code's messaging socket,
 * Codex's queue) or, for any other program, keystrokes into its pane. A door knows nothing of links.
 */
public interface Door {
    /** The name status, the web page and events show for this door ({@code claude-socket}, {@code keystrokes}, …). */
    String name();

    /**
     * Hands {@code parcel} to the harness. The future never fails: its value says what the harness
     * answered. {@link Handover.Handed} is not "delivered": a message is taken only once the harness
     * started a turn carrying it.
     */
    CompletableFuture<Handover> hand(Parcel parcel);

    /**
     * The handle on the parcel of reference {@code ref}, handed through this door just now: what the
     * harness's own record shows of it (when a turn carrying it started, when that turn ended), for
     * that parcel alone, never for another with the same words. Empty when this door cannot see that;
     * the member's next turn end then stands in for both.
     */
    default Optional<Trace> trace(String ref) {
        return Optional.empty();
    }

    /**
     * Where {@code parcel}, handed through this door a while ago and not yet seen taken, is now by the
     * harness's own record: asked when the wait for it ran out, to decide between waiting longer and
     * typing it (never both). {@link Whereabouts.Kind#UNKNOWN} when this door cannot tell.
     */
    default Whereabouts whereabouts(Parcel parcel) {
        return new Whereabouts(Whereabouts.Kind.UNKNOWN, name() + " keeps no record gather can read");
    }

    /**
     * What a harness's record says of one handed message, and where it says so; {@code takenAt}: when
     * the record shows a turn take it, where it says (TAKEN only).
     */
    record Whereabouts(Kind kind, String how, Optional<Instant> takenAt) {
        /** Taken: a turn carried it; WAITING: still in the harness's queue; MISSING: the harness never had it. */
        public enum Kind {
            TAKEN,
            WAITING,
            MISSING,
            UNKNOWN
        }

        public Whereabouts {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(how, "how");
            Objects.requireNonNull(takenAt, "takenAt");
        }

        /** A record that does not say when. */
        public Whereabouts(Kind kind, String how) {
            this(kind, how, Optional.empty());
        }
    }

    /** A trace's taken fails with this when the harness said, after the handover, that it will never take it. */
    final class Declined extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public Declined(String why) {
            super(why, null, false, false);
        }
    }

    /**
     * The harness's own evidence for one handed message; each future completes with how it was seen,
     * and never completes when nothing is seen (the caller keeps waiting, visibly).
     *
     * @param taken a turn carrying the message started (its transcript shows the user message)
     * @param ended that turn ended
     * @param look reads the evidence now, as a turn of the member ends; it may wait, bounded, for the
     *     harness's record to show that turn (Codex's notify can come before its transcript has it)
     * @param held the harness said after the handover that it keeps the message for its person (why):
     *     no wait for it runs out any more, as for a hold answered at once
     */
    record Trace(
            CompletableFuture<String> taken,
            CompletableFuture<String> ended,
            Look look,
            CompletableFuture<String> held) {
        public Trace {
            Objects.requireNonNull(taken, "taken");
            Objects.requireNonNull(ended, "ended");
            Objects.requireNonNull(look, "look");
            Objects.requireNonNull(held, "held");
        }

        /** A trace of a harness that never holds a message after the handover. */
        public Trace(CompletableFuture<String> taken, CompletableFuture<String> ended, Look look) {
            this(taken, ended, look, new CompletableFuture<>());
        }

        /** A trace whose evidence comes to it on its own (a hook), with nothing to read on demand. */
        public Trace(CompletableFuture<String> taken, CompletableFuture<String> ended) {
            this(taken, ended, turn -> false);
        }
    }

    /** A trace's reading on demand, as a turn of the member ends. */
    @FunctionalInterface
    interface Look {
        /**
         * Reads the evidence now; true when it shows that the turn that ended ({@code turn}: the harness's
         * id for it, where its hook named one) ended before the turn that took the message began, so
         * that end is not the message's answer (Codex's notify of a turn can come after its transcript
         * shows the next turn taking the message handed meanwhile).
         */
        boolean endedBefore(Optional<String> turn);
    }
}
