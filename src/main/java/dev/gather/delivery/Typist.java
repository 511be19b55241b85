package dev.gather.delivery;

import dev.gather.door.Handover;
import dev.gather.door.Parcel;
import dev.gather.profile.Profile;
import dev.gather.tmux.DeliveryResult;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * A member's letters by keystrokes: the head of its {@link Channel}'s queue, while the member is ready
 * or idle, handed to its {@link KeystrokeDoor} (typed only into an empty input box), and not at all
 * once withdrawn before a key went in; what the door answers moves the member's {@link Turns}. One
 * letter at a time. Its lock is the channel's monitor (the member's one lock, so there is no
 * order of locks to keep): it takes it around its own state and the member's {@link Turns}, never
 * around the ledger, the deliverer or a sender's future; what the channel calls without saying
 * otherwise it calls holding that lock.
 */
final class Typist {
    private final Channel channel;
    private final Turns turns;
    private final String pane;
    private final Office office;
    private final KeystrokeDoor keys;

    private Pending typing;
    /** The profile the letter being typed is typed with, once a key went in (its turns decide what follows). */
    private Profile typedWith;
    /** Why the letter taken for typing was withdrawn before a key went in (it is then not typed). */
    private String withdrawnBeforeTyping;
    /** Whether the letter taken for typing has been journalled as typing (past withdrawal). */
    private boolean typingJournalled;
    /**
     * When Enter was first pressed on the letter being typed (or the last one typed); null until then.
     * No turn can have taken its words before this: a turn that ended earlier, however late its end is
     * heard, was on earlier words. Not the paste: a harness reports a turn's end after it drew its
     * prompt, and the next words can be pasted between the two.
     */
    private Instant enteredAt;

    private final BoxWait box;

    Typist(Channel channel, Turns turns, String pane, Office office) {
        this.channel = channel;
        this.turns = turns;
        this.pane = pane;
        this.office = office;
        this.box = new BoxWait(channel, turns);
        this.keys = new KeystrokeDoor(
                pane,
                office.deliverer(),
                channel.recognition(),
                new KeystrokeDoor.Gate(this::go, this::pasted, this::entering));
    }

    /** {@code p} is typed next ({@link #type} runs it, off the lock). */
    void take(Pending p) {
        typing = p;
        typedWith = null;
        enteredAt = null;
        typingJournalled = false;
        withdrawnBeforeTyping = null;
    }

    /** Whether a letter is being typed. */
    boolean busy() {
        return typing != null;
    }

    /** The letter taken for typing, if one is. */
    Optional<Letter> typing() {
        return Optional.ofNullable(typing).map(Pending::letter);
    }

    /** The letter taken for typing, with its sender's future (its typing may still end, journalled). */
    Optional<Pending> current() {
        return Optional.ofNullable(typing);
    }

    /**
     * The member's turn ended, {@code how} ({@code at}: by its hook's stamp): what it took is confirmed.
     * True when it is now idle; a turn that ends while a letter is typed leaves that to the typing.
     */
    boolean turnEnded(String how, Optional<Instant> at) {
        if (turns.state() == MemberState.GONE) {
            return false;
        }
        if (at.isPresent() && enteredAfter(at.get())) {
            // it ended before Enter was pressed on these words: on earlier ones. While they are typed,
            // those are confirmed; once typed, it is an earlier turn's end heard late (the screen or
            // another report had ended it and the member was idle when they were typed): it confirms
            // nothing, the member is busy with them
            if (typing != null) {
                turns.confirm(how);
            }
            return false;
        }
        if (typing != null) {
            // a quick harness can finish its turn before the typing is seen to be taken
            turns.endedWhileTyping(how);
            return false;
        }
        turns.confirm(how);
        turns.enter(MemberState.IDLE);
        return true;
    }

    /** Whether Enter was first pressed on the letter being typed, or the last typed, after {@code at} (or not yet). */
    boolean enteredAfter(Instant at) {
        return typing != null && enteredAt == null || enteredAt != null && at.isBefore(enteredAt);
    }

    /** {@code now}, as a turn that ended at {@code endedAt} saw it: what was entered since still waits. */
    ChannelStatus asSeenAt(ChannelStatus now, Instant endedAt) {
        return enteredAfter(endedAt) ? now.stillWaiting(typing().map(List::of).orElseGet(turns::typed)) : now;
    }

    /** Fails {@code p}, visibly: journalled as failed with {@code why}, and its sender told. Takes no lock. */
    void fail(Pending p, String why) {
        office.ledger().record(p.letter(), pane, DeliveryState.FAILED, why);
        p.done().complete(new DeliveryResult.Failed(pane, why));
    }

    /** The letter taken for typing, if {@code which} accepts it and no key went in yet, is not typed. */
    void withdraw(Predicate<Letter> which, String why) {
        if (typing != null && !typingJournalled && which.test(typing.letter())) {
            withdrawnBeforeTyping = why;
        }
    }

    /** Hands {@code p}, taken by {@link #take}, to the keystroke door. Runs on the post office's threads, off the lock. */
    void type(Pending p) {
        keys.hand(p.parcel()).thenAccept(h -> answered(p, h));
    }

    /**
     * The keystroke door is about to type {@code parcel} with {@code used}: unless its letter was
     * withdrawn while the pane was looked at, it is journalled as typing and can no longer be withdrawn.
     */
    private boolean go(Parcel parcel, Profile used) {
        Pending p;
        synchronized (channel) {
            if (withdrawnBeforeTyping != null || typing(parcel).isEmpty()) {
                return false;
            }
            p = typing;
            turns.note(null);
            box.cleared();
            typingJournalled = true;
            typedWith = used;
        }
        office.ledger().record(p.letter(), pane, DeliveryState.TYPING, "");
        office.port().typing(pane, p.letter().text());
        return true;
    }

    /** What the keystroke door answered for {@code p}; every answer ends its typing one way or another. */
    private void answered(Pending p, Handover h) {
        if (h instanceof Handover.Submitted s) {
            finished(p, new DeliveryResult.Delivered(pane, s.took(), s.tries(), s.how()), typedWith());
        } else if (h instanceof Handover.Busy b) {
            held(p, b);
        } else if (h instanceof Handover.Withdrawn w) {
            if (!dropWithdrawn(p)) {
                dropped(p, w.why());
            }
        } else if (h instanceof Handover.Gone) {
            finished(p, new DeliveryResult.PaneGone(pane), typedWith());
        } else if (h instanceof Handover.Failed f) {
            finished(p, new DeliveryResult.Failed(pane, f.why()), typedWith());
        } else { // an answer keystrokes never give: loudly, as a failure
            finished(p, new DeliveryResult.Failed(pane, "keystrokes answered " + h), typedWith());
        }
    }

    /** The profile the letter being typed was typed with, or the member's when no key went in. */
    private Profile typedWith() {
        synchronized (channel) {
            return typedWith != null ? typedWith : channel.profile();
        }
    }

    /**
     * The box is in the way ({@code b}: text we did not type now, out of sight, a dialog): {@code p}
     * waits at the head of the queue for the next change on screen, or fails once the box was held for
     * {@link BoxWait#STUCK}, or at once if it was withdrawn meanwhile (judged in the same lock section
     * that queues it again: a withdrawal between two would find it neither here nor queued), or as
     * gone if its pane ended meanwhile (a gone channel's queue is never read again).
     */
    private void held(Pending p, Handover.Busy b) {
        String failed;
        boolean gone;
        synchronized (channel) {
            typing = null;
            gone = turns.state() == MemberState.GONE;
            failed = withdrawnBeforeTyping;
            if (failed == null && !gone) {
                failed = box.waitsOrSticks(p, b, office.clock().instant());
            }
            withdrawnBeforeTyping = null;
        }
        if (gone) {
            p.paneGone(office.ledger(), pane, "pane " + pane + " ended with the message queued");
            return;
        }
        if (failed != null) {
            fail(p, failed);
            channel.pump();
            return;
        }
        // look again when the screen next changes, or after a while
        office.deliverer().nextOutput(pane, channel.profile().turns().quiet()).thenRun(channel::pump);
    }

    /** The letter being typed, if {@code parcel} is its. Under the lock. */
    private Optional<Pending> typing(Parcel parcel) {
        return Optional.ofNullable(typing).filter(t -> t.parcel().equals(parcel));
    }

    private void pasted(Parcel parcel) {
        Optional<Pending> p;
        synchronized (channel) {
            p = typing(parcel);
        }
        p.ifPresent(t -> office.ledger().record(t.letter(), pane, DeliveryState.TYPING, DeliveryState.PASTED));
    }

    private void entering(Parcel parcel) {
        synchronized (channel) {
            if (typing(parcel).isPresent()) {
                enteredAt = office.clock().instant();
            }
        }
    }

    /** Fails {@code p} when it was withdrawn while its pane was looked at; true if so. */
    private boolean dropWithdrawn(Pending p) {
        String why;
        synchronized (channel) {
            why = withdrawnBeforeTyping;
            if (why == null) {
                return false;
            }
            withdrawnBeforeTyping = null;
        }
        dropped(p, why);
        return true;
    }

    /** {@code p} was not typed, {@code why}: it fails, and the next may go. */
    private void dropped(Pending p, String why) {
        synchronized (channel) {
            typing = null;
        }
        fail(p, why);
        channel.pump();
    }

    /** {@code used}: the profile it was typed with, whose turns say whether the member is now busy. */
    private void finished(Pending p, DeliveryResult r, Profile used) {
        synchronized (channel) {
            typing = null;
            turns.typed(p.letter(), r, used);
        }
        if (r instanceof DeliveryResult.PaneGone) {
            office.ledger()
                    .record(p.letter(), pane, DeliveryState.FAILED, "pane " + pane + " ended while it was typed");
            p.done().complete(r);
            channel.gone();
            return;
        }
        if (r instanceof DeliveryResult.Delivered d) {
            office.port().taken(pane, p.letter(), d.confirmedBy());
        }
        p.done().complete(r);
        channel.pump();
    }
}
