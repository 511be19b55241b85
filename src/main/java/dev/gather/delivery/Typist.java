package dev.gather.delivery;

import dev.gather.profile.Profile;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.DeliveryResult;
import dev.gather.tmux.InputBox;
import dev.gather.tmux.TmuxException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import java.util.function.Predicate;

/**
 * A member's queue, typed into its pane one letter at a time, in order: each with the profile that
 * runs there now, only into an empty input box while the member is ready or idle, and not at all
 * once withdrawn before a key went in. Its lock is its mailbox's monitor (the member's one lock, so
 * there is no order of locks to keep): it takes it around its own state and the member's {@link
 * Turns}, never around the ledger, the deliverer or a sender's future but where the mailbox always
 * did; what the mailbox calls without saying otherwise it calls holding that lock.
 */
final class Typist {
    /** A queued letter and the future its sender waits on. */
    record Pending(Letter letter, CompletableFuture<DeliveryResult> done) {}

    /**
     * How long a message waits for a non-empty input box before it fails, visibly, and the next is
     * tried: text stuck there (a paste a harness never took, a half-typed line left alone) would
     * otherwise hold the queue for good.
     */
    static final Duration STUCK_BOX = Duration.ofMinutes(3);

    private final Mailbox box;
    private final Turns turns;
    private final String pane;
    private final Deliverer deliverer;
    private final Executor executor;
    private final Clock clock;
    private final Ledger ledger;
    private final BiConsumer<String, String> beforeTyping;
    private final Deque<Pending> queue = new ArrayDeque<>();

    private Pending typing;
    /** Why the letter taken for typing was withdrawn before a key went in (it is then not typed). */
    private String withdrawnBeforeTyping;
    /** Whether the letter taken for typing has been journalled as typing (past withdrawal). */
    private boolean typingJournalled;
    /** When the letter being typed was pasted; null until then. */
    private Instant pastedAt;
    /** Since when the input box has held text we did not type now; null while it is empty. */
    private Instant heldSince;

    Typist(
            Mailbox box,
            Turns turns,
            String pane,
            Deliverer deliverer,
            Executor executor,
            Clock clock,
            Ledger ledger,
            BiConsumer<String, String> beforeTyping) {
        this.box = box;
        this.turns = turns;
        this.pane = pane;
        this.deliverer = deliverer;
        this.executor = executor;
        this.clock = clock;
        this.ledger = ledger;
        this.beforeTyping = beforeTyping;
    }

    void add(Pending p) {
        queue.add(p);
    }

    /** Empties the queue; what waited there is returned, for the caller to fail. */
    List<Pending> drain() {
        List<Pending> lost = new ArrayList<>(queue);
        queue.clear();
        return lost;
    }

    /** Empties the queue and lets go of the letter being typed (its typing may still end, journalled); all are returned. */
    List<Pending> close() {
        List<Pending> open = drain();
        Optional.ofNullable(typing).ifPresent(p -> open.add(0, p));
        return open;
    }

    List<Letter> queued() {
        return queue.stream().map(Pending::letter).toList();
    }

    /** The letter taken for typing, if one is. */
    Optional<Letter> typing() {
        return Optional.ofNullable(typing).map(Pending::letter);
    }

    /** Whether a letter is being typed and a turn that ended {@code at} ended before it was pasted. */
    boolean pastedAfter(Optional<Instant> at) {
        return typing != null && at.isPresent() && (pastedAt == null || at.get().isBefore(pastedAt));
    }

    /** Fails {@code p}, visibly: journalled as failed with {@code why}, and its sender told. Takes no lock. */
    void fail(Pending p, String why) {
        ledger.record(p.letter(), pane, DeliveryState.FAILED, why);
        p.done().complete(new DeliveryResult.Failed(pane, why));
    }

    /** Drops the queued (not yet typed) letters {@code which} accepts: they fail, visibly. Takes the lock. */
    void withdraw(Predicate<Letter> which, String why) {
        List<Pending> dropped = new ArrayList<>();
        synchronized (box) {
            queue.removeIf(p -> which.test(p.letter()) && dropped.add(p));
            // taken from the queue but not yet typed (its pane is being looked at): it is not typed either
            if (typing != null && !typingJournalled && which.test(typing.letter())) {
                withdrawnBeforeTyping = why;
            }
        }
        dropped.forEach(p -> fail(p, why));
    }

    /** Types the next letter if the member may take one and none is being typed. Takes the lock. */
    void pump() {
        Pending next;
        synchronized (box) {
            if (typing != null || queue.isEmpty() || !turns.open()) {
                return;
            }
            next = queue.poll();
            typing = next;
            pastedAt = null;
            typingJournalled = false;
            withdrawnBeforeTyping = null;
        }
        executor.execute(() -> type(next));
    }

    private void type(Pending p) {
        InputBox.State shows;
        Profile used;
        try {
            used = box.recognise();
            shows = deliverer.inputBox(pane, used.quirks());
        } catch (TmuxException e) {
            finished(p, new DeliveryResult.PaneGone(pane), box.profile());
            return;
        }
        if (dropWithdrawn(p)) {
            return;
        }
        if (shows != InputBox.State.EMPTY) {
            held(p, shows, used);
            return;
        }
        synchronized (box) {
            if (withdrawnBeforeTyping == null) {
                turns.note(null);
                heldSince = null;
                typingJournalled = true;
            }
        }
        if (dropWithdrawn(p)) {
            return;
        }
        ledger.record(p.letter(), pane, DeliveryState.TYPING, "");
        beforeTyping.accept(pane, p.letter().text());
        // a harness still loading behind a box it already drew shows the paste only once loaded: wait as
        // long as it may take to start, since the next message is pasted only after this one
        deliverer
                .deliverAsync(
                        pane, p.letter().text(), used.quirks(), used.ready().timeout(), () -> pasted(p.letter()))
                .thenAccept(r -> finished(p, r, used));
    }

    /**
     * The box {@code shows} text we did not type now, or is not in sight: {@code p} waits at the head
     * of the queue for the next change on screen, or fails once the box was held for {@link #STUCK_BOX}.
     */
    private void held(Pending p, InputBox.State shows, Profile used) {
        String stuck = null;
        synchronized (box) {
            typing = null;
            Instant now = clock.instant();
            heldSince = heldSince == null ? now : heldSince;
            String where = shows == InputBox.State.HOLDS ? "not empty" : "not in sight";
            // a dialog waits for a person however long it takes; a box held by someone's text does not
            if (shows != InputBox.State.DIALOG
                    && Duration.between(heldSince, now).compareTo(STUCK_BOX) >= 0) {
                stuck = "not typed: its input box was " + where + " for over " + STUCK_BOX.toMinutes()
                        + " minutes (clear it to receive messages again)";
                turns.note("its input box has been " + where + " since " + heldSince + "; waiting messages fail");
                if (queue.isEmpty()) {
                    heldSince = null; // a later message gets a fresh wait: the box may have emptied since
                }
            } else {
                queue.addFirst(p);
                turns.note(
                        used.quirks().input().isEmpty() && shows == InputBox.State.HOLDS
                                ? "waiting: the line its cursor is on holds text gather did not type (its input"
                                        + " box cannot be read)"
                                : ScreenWatch.waiting(shows));
            }
        }
        if (stuck != null) {
            fail(p, stuck);
            pump();
            return;
        }
        // look again when the screen next changes, or after a while
        deliverer.nextOutput(pane, box.profile().turns().quiet()).thenRun(this::pump);
    }

    private void pasted(Letter letter) {
        synchronized (box) {
            pastedAt = clock.instant();
        }
        ledger.record(letter, pane, DeliveryState.TYPING, DeliveryState.PASTED);
    }

    /** Fails {@code p} when it was withdrawn while its pane was looked at; true if so. */
    private boolean dropWithdrawn(Pending p) {
        String why;
        synchronized (box) {
            why = withdrawnBeforeTyping;
            if (why == null) {
                return false;
            }
            withdrawnBeforeTyping = null;
            typing = null;
        }
        fail(p, why);
        pump();
        return true;
    }

    /** {@code used}: the profile it was typed with, whose turns say whether the member is now busy. */
    private void finished(Pending p, DeliveryResult r, Profile used) {
        synchronized (box) {
            typing = null;
            turns.typed(p.letter(), r, used);
        }
        if (r instanceof DeliveryResult.PaneGone) {
            ledger.record(p.letter(), pane, DeliveryState.FAILED, "pane " + pane + " ended while it was typed");
            p.done().complete(r);
            box.gone();
            return;
        }
        p.done().complete(r);
        pump();
    }
}
