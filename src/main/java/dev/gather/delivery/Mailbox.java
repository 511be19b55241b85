package dev.gather.delivery;

import dev.gather.profile.Profile;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.DeliveryResult;
import dev.gather.tmux.InputBox;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * One member's delivery queue and state. A message is typed only when the member is ready or idle
 * and its input box is empty; one at a time, in order (its {@link Typist}). After a submit the member
 * is busy until its turn ends (a hook first; the screen after the profile's grace), which also
 * confirms what it took (its {@link Turns}). Nothing here blocks a thread: every wait is a future on
 * pane output or quiet. Its monitor is the member's one lock, which the typist takes too.
 */
final class Mailbox {
    /** Which profile the pane is typed into with now, given what is known of it (asked at each typing). */
    interface Recogniser {
        Profile now(String pane, Optional<Profile> known);
    }

    private final String pane;
    private final Recogniser recogniser;
    private final Ledger ledger;
    private final Consumer<String> unreachable;
    private final Turns turns;
    private final Typist typist;
    private Profile profile;
    private boolean explicit;
    /** What started the pane, or its hooks, said which harness runs there (else it is only recognised). */
    private boolean known;

    Mailbox(
            String pane,
            Profile profile,
            Recogniser recogniser,
            Deliverer deliverer,
            Executor executor,
            ScheduledExecutorService timer,
            Clock clock,
            Ledger ledger,
            BiConsumer<String, String> beforeTyping,
            Consumer<String> unreachable) {
        this.pane = pane;
        this.profile = profile;
        this.recogniser = recogniser;
        this.ledger = ledger;
        this.unreachable = unreachable;
        ScreenWatch screen = new ScreenWatch(this, pane, deliverer, executor, timer);
        boolean signalled = profile.turns().signal() != Profile.TurnSignal.NONE;
        this.turns = new Turns(pane, signalled ? MemberState.STARTING : MemberState.IDLE, clock, ledger, screen);
        this.typist = new Typist(this, turns, pane, deliverer, executor, clock, ledger, beforeTyping);
        if (signalled) {
            screen.awaitReady(
                    turns.epoch(), System.nanoTime() + profile.ready().timeout().toNanos());
        }
    }

    synchronized Profile profile() {
        return profile;
    }

    /** A hook named the harness: from now on its profile applies, unless what started the pane said otherwise. */
    synchronized void learn(Profile learned) {
        if (!explicit) {
            profile = learned;
            known = true;
        }
    }

    /** What started the pane said which harness runs there; hooks do not override it. */
    synchronized void explicit() {
        explicit = true;
        known = true;
    }

    /**
     * The profile a letter is typed with, asked at each typing: what runs in the pane now decides how
     * it is typed into, not what ran when the message was sent.
     */
    Profile recognise() {
        Optional<Profile> was;
        synchronized (this) {
            was = known ? Optional.of(profile) : Optional.empty();
        }
        Profile used = recogniser.now(pane, was);
        synchronized (this) {
            if (!known) {
                profile = used;
            }
        }
        return used;
    }

    /** Queues {@code letter}; the future completes when it was typed, or failed. */
    CompletableFuture<DeliveryResult> post(Letter letter) {
        Typist.Pending p = new Typist.Pending(letter, new CompletableFuture<>());
        synchronized (this) {
            if (turns.state() == MemberState.GONE) {
                ledger.record(letter, pane, DeliveryState.FAILED, "pane " + pane + " is gone");
                p.done().complete(new DeliveryResult.PaneGone(pane));
                return p.done();
            }
            if (turns.gaveUp().isPresent()) {
                typist.fail(p, turns.gaveUp().get());
                return p.done();
            }
            typist.add(p);
        }
        typist.pump();
        return p.done();
    }

    /**
     * A letter the last daemon typed and saw submitted but never saw taken (it stopped first): the
     * member counts as busy with it, so its next turn end (hook or settled screen) confirms it.
     */
    void adopt(Letter letter) {
        synchronized (this) {
            if (turns.state() == MemberState.GONE) {
                ledger.record(letter, pane, DeliveryState.FAILED, "pane gone before its turn ended");
                return;
            }
            if (profile.turns().signal() == Profile.TurnSignal.NONE) {
                ledger.record(letter, pane, DeliveryState.CONFIRMED, "submitted before the last daemon stopped");
                return;
            }
            turns.took(letter);
        }
    }

    /** {@code letter} was handed to the harness's own queue by the last daemon, which stopped before a turn took it. */
    synchronized void adoptHanded(Letter letter) {
        if (turns.state() == MemberState.GONE) {
            ledger.record(letter, pane, DeliveryState.FAILED, "pane gone before a turn carried it");
            return;
        }
        turns.handedBefore(letter);
    }

    /** The member's turn ended (a settled screen): what it took is confirmed, the next may go. */
    void turnEnded(String how) {
        turnEnded(how, Optional.empty());
    }

    /**
     * The member's turn ended ({@code at}: when its hook said so): what it took is confirmed, the next
     * may go. A turn that ended before the words being typed were even pasted was on earlier ones: it
     * confirms those, never the words being typed (which start a turn of their own).
     */
    void turnEnded(String how, Optional<Instant> at) {
        synchronized (this) {
            if (turns.state() == MemberState.GONE) {
                return;
            }
            if (typist.pastedAfter(at)) {
                turns.confirm(how);
                return;
            }
            if (typist.typing().isPresent()) {
                // a quick harness can finish its turn before the typing is seen to be taken
                turns.endedWhileTyping(how);
                return;
            }
            turns.confirm(how);
            turns.enter(MemberState.IDLE);
        }
        typist.pump();
    }

    /** The member started a turn we did not type (it called a tool, a human typed): it is busy. */
    synchronized void turnStarted() {
        if (profile.turns().signal() != Profile.TurnSignal.NONE && turns.state() != MemberState.GONE) {
            turns.busy();
        }
    }

    /** The pane is gone: every waiting message fails, visibly. */
    void gone() {
        List<Typist.Pending> lost;
        synchronized (this) {
            if (turns.state() == MemberState.GONE) {
                return;
            }
            turns.gone();
            lost = typist.drain();
        }
        for (Typist.Pending p : lost) {
            ledger.record(p.letter(), pane, DeliveryState.FAILED, "pane " + pane + " ended with the message queued");
            p.done().complete(new DeliveryResult.PaneGone(pane));
        }
    }

    /**
     * The post office closes: every letter waiting here or being typed completes failed with {@code
     * why}. Nothing is journalled: the journal's last step of each is what the next daemon resumes.
     */
    void close(String why) {
        List<Typist.Pending> open;
        synchronized (this) {
            open = typist.close();
        }
        open.forEach(p -> p.done().complete(new DeliveryResult.Failed(pane, why)));
    }

    /** Drops the queued (not yet typed) letters {@code which} accepts: they fail, visibly, with {@code why}. */
    void withdraw(Predicate<Letter> which, String why) {
        typist.withdraw(which, why);
    }

    synchronized MailboxStatus status() {
        return turns.status(profile.name(), typist.queued(), typist.typing());
    }

    /** STARTING → READY (the screen says so), unless something else happened since {@code e}. */
    void ready(long e) {
        synchronized (this) {
            if (turns.current(e, MemberState.STARTING)) {
                turns.enter(MemberState.READY);
            }
        }
        typist.pump();
    }

    /** While busy since {@code e}: what its box shows (a dialog is noted, anything else clears the note). */
    synchronized void busyShows(long e, InputBox.State box) {
        turns.busyShows(e, box);
    }

    /** While starting since {@code e}: whether a dialog stands where its box should be (noted if so). */
    synchronized boolean startingShowsDialog(long e, InputBox.State box) {
        return turns.startingShowsDialog(e, box);
    }

    /** STARTING and never ready in time: every queued message fails, visibly, with the reason. */
    void giveUp(long e) {
        List<Typist.Pending> lost;
        String why =
                "unreachable: not ready within " + profile().ready().timeout().toSeconds() + " s (profile "
                        + profile().name()
                        + (profile().quirks().input().isPresent() ? ": its input box was never seen empty)" : ")");
        synchronized (this) {
            if (!turns.current(e, MemberState.STARTING)) {
                return;
            }
            turns.giveUp(why);
            lost = typist.drain();
        }
        lost.forEach(p -> typist.fail(p, why));
        unreachable.accept(pane);
    }

    /** Whether {@code e} is still the current epoch and the member is in {@code expected}. */
    synchronized boolean current(long e, MemberState expected) {
        return turns.current(e, expected);
    }
}
