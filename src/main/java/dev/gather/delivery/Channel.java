package dev.gather.delivery;

import dev.gather.profile.Profile;
import dev.gather.tmux.DeliveryResult;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One member's delivery channel: the one thing the post office keeps per pane, through which every
 * letter, turn end, withdrawal and status question for that member goes. Inside it the keystroke
 * {@link Mailbox} types; once a letter is for a harness with a door of its own, a {@link DoorBox}
 * hands letters through that door and falls back into the mailbox when the door is absent or says no.
 */
final class Channel {
    private final Mailbox keystrokes;
    private final Predicate<String> hasDoor;
    private final Function<Mailbox, DoorBox> doorBox;
    /** Made when the first letter goes to a harness with a door; never unmade (it keeps the door's order). */
    private volatile DoorBox door;

    /**
     * @param hasDoor whether a harness (by profile name) has a door of its own
     * @param doorBox makes the door box in front of {@code keystrokes}
     */
    Channel(Mailbox keystrokes, Predicate<String> hasDoor, Function<Mailbox, DoorBox> doorBox) {
        this.keystrokes = keystrokes;
        this.hasDoor = hasDoor;
        this.doorBox = doorBox;
    }

    /** Queues {@code letter}; the future completes once a turn carrying it started, or it was typed, or failed. */
    CompletableFuture<DeliveryResult> post(Letter letter) {
        DoorBox d = door();
        return d != null ? d.post(letter) : keystrokes.post(letter);
    }

    private DoorBox door() {
        DoorBox d = door;
        if (d != null || !hasDoor.test(keystrokes.profile().name())) {
            return d;
        }
        synchronized (this) {
            if (door == null) {
                door = doorBox.apply(keystrokes);
            }
            return door;
        }
    }

    /** What started the pane said which harness runs there. */
    void explicit() {
        keystrokes.explicit();
    }

    /** The profile the member is typed into with. */
    Profile profile() {
        return keystrokes.profile();
    }

    /** A hook named the member's harness. */
    void learn(Profile learned) {
        keystrokes.learn(learned);
    }

    /** A letter the last daemon typed, whose turn it never saw end: the next turn end confirms it. */
    void adopt(Letter letter) {
        keystrokes.adopt(letter);
    }

    /** A letter the last daemon handed to a door, never seen taken: never sent again. */
    void adoptHanded(Letter letter) {
        keystrokes.adoptHanded(letter);
    }

    /** The member's turn ended ({@code at}: by its hook's stamp): both machines hear it. */
    void turnEnded(String how, Optional<Instant> at) {
        keystrokes.turnEnded(how, at);
        DoorBox d = door;
        if (d != null) {
            d.turnEnded(how);
        }
    }

    /** The member is mid-turn on its own: its letters wait for the turn's end. */
    void turnStarted() {
        keystrokes.turnStarted();
    }

    /** Drops the queued (not yet typed or handed) letters {@code which} accepts: they fail with {@code why}. */
    void withdraw(Predicate<Letter> which, String why) {
        keystrokes.withdraw(which, why);
        DoorBox d = door;
        if (d != null) {
            d.withdraw(which, why);
        }
    }

    /** The pane ended: every letter waiting here fails, visibly. */
    void gone() {
        DoorBox d = door;
        if (d != null) {
            d.gone();
        }
        keystrokes.gone();
    }

    /** Closing: every letter waiting here, typed or handed to no avail yet, completes failed with {@code why}. */
    void close(String why) {
        DoorBox d = door;
        if (d != null) {
            d.close(why);
        }
        keystrokes.close(why);
    }

    /** The member's one delivery picture: the door's share in it once it has a door. */
    MailboxStatus status() {
        DoorBox d = door;
        return d != null ? d.status() : keystrokes.status();
    }
}
