package dev.gather.delivery;

import dev.gather.door.Doors;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A member's delivery picture for status: its state since when, the door its messages go through,
 * the messages waiting, the one being typed, those handed to its harness's door but not yet taken,
 * those typed or taken but not yet confirmed, and why it is held up, if it is.
 */
public record ChannelStatus(
        String pane,
        String profile,
        String door,
        MemberState state,
        Instant since,
        List<Letter> queued,
        Optional<Letter> typing,
        List<Letter> handed,
        List<Letter> unconfirmed,
        Optional<String> note) {
    public ChannelStatus {
        queued = List.copyOf(queued);
        handed = List.copyOf(handed);
        unconfirmed = List.copyOf(unconfirmed);
    }

    /** The keystroke path's picture: nothing is handed to a door. */
    public ChannelStatus(
            String pane,
            String profile,
            MemberState state,
            Instant since,
            List<Letter> queued,
            Optional<Letter> typing,
            List<Letter> unconfirmed,
            Optional<String> note) {
        this(pane, profile, Doors.KEYSTROKES, state, since, queued, typing, List.of(), unconfirmed, note);
    }

    /** This picture with {@code later} (typed after a turn ended) waiting for a turn, not taken by one. */
    ChannelStatus stillWaiting(List<Letter> later) {
        List<Letter> waiting = new ArrayList<>(later);
        waiting.addAll(queued);
        List<Letter> open = unconfirmed.stream().filter(l -> !later.contains(l)).toList();
        Optional<Letter> typed = typing.filter(l -> !later.contains(l));
        return new ChannelStatus(pane, profile, door, state, since, waiting, typed, handed, open, note);
    }

    /**
     * This picture with a door's share: {@code door}'s name, the letters handed to it, those it saw
     * taken and not yet confirmed, and its note, if it has one.
     */
    ChannelStatus withDoor(String door, List<Letter> handed, List<Letter> taken, Optional<String> doorNote) {
        List<Letter> open = new ArrayList<>(unconfirmed);
        open.addAll(taken);
        return new ChannelStatus(
                pane, profile, door, state, since, queued, typing, handed, open, doorNote.or(() -> note));
    }
}
