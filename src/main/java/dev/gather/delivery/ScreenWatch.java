package dev.gather.delivery;

import dev.gather.profile.Profile;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.InputBox;
import dev.gather.tmux.TmuxException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A channel's eyes on its pane where no hook speaks: a starting member is ready once its input box
 * is drawn empty and the screen held still (or never, in time); a busy one waiting on a dialog is
 * noted as such; a busy one is idle once its screen settles (at once for screen profiles, after the
 * grace for hook profiles). Every look belongs to an epoch of the member's
 * {@link Turns}, read under the channel's monitor: a later state ends it.
 */
final class ScreenWatch {
    private final Channel channel;
    private final String pane;
    /** Its keyboard and eyes on the pane, the threads its looks run on, and the clock they are dated by. */
    private final Office office;

    ScreenWatch(Channel channel, String pane, Office office) {
        this.channel = channel;
        this.pane = pane;
        this.office = office;
    }

    /** The note of a member whose box shows {@code box} where an empty one was awaited. */
    static String waiting(InputBox.State box) {
        return switch (box) {
            case DIALOG -> "waiting: " + Deliverer.DIALOG_OPEN;
            case HOLDS -> "waiting: its input box is not empty";
            default -> "waiting: its input box is not in sight";
        };
    }

    /**
     * While busy, each time the screen holds still, look whether a dialog (a tool's permission prompt)
     * is what it waits on, and say so: the queue waits for a person, visibly, and no key goes in.
     */
    private void watchForDialog(long e) {
        if (!current(e, MemberState.BUSY) || channel.profile().quirks().input().isEmpty()) {
            return;
        }
        office.deliverer()
                .whenQuiet(pane, channel.profile().ready().quiet(), Duration.ofDays(1))
                .thenRunAsync(
                        () -> {
                            if (!current(e, MemberState.BUSY)) {
                                return;
                            }
                            InputBox.State box;
                            try {
                                box = office.deliverer()
                                        .inputBox(pane, channel.profile().quirks());
                            } catch (TmuxException x) {
                                return;
                            }
                            busyShows(e, box);
                            office.deliverer()
                                    .nextOutput(pane, Duration.ofDays(1))
                                    .thenRun(() -> watchForDialog(e));
                        },
                        office.executor());
    }

    /** STARTING → READY once the input box is drawn and empty and the screen was quiet long enough. */
    void awaitReady(long e, long deadline) {
        Duration left = Duration.ofNanos(deadline - System.nanoTime());
        if (left.isNegative() || left.isZero()) {
            channel.giveUp(e);
            return;
        }
        office.deliverer()
                .whenQuiet(pane, channel.profile().ready().quiet(), left)
                .thenRunAsync(
                        () -> {
                            if (!current(e, MemberState.STARTING)) {
                                return;
                            }
                            Optional<Boolean> settled =
                                    settled(channel.profile().ready().quiet());
                            if (settled.isEmpty()) {
                                return;
                            }
                            if (settled.get()) {
                                ready(e);
                            } else if (startingInDialog(e)) {
                                // a trust dialog at start waits for a person, visibly, however long it
                                // takes; once answered the harness gets its whole start time again
                                office.deliverer()
                                        .nextOutput(pane, Duration.ofDays(1))
                                        .thenRun(() -> awaitReady(
                                                e,
                                                System.nanoTime()
                                                        + channel.profile()
                                                                .ready()
                                                                .timeout()
                                                                .toNanos()));
                            } else if (System.nanoTime() >= deadline) {
                                channel.giveUp(e);
                            } else {
                                // looked again at the next output or after one quiet spell, whichever
                                // comes first: a harness that printed between the quiet and the look
                                // and then went still (an idle Gemini) would otherwise never be looked at
                                Duration again = max(channel.profile().ready().quiet(), Duration.ofMillis(100));
                                Duration rest = Duration.ofNanos(deadline - System.nanoTime());
                                office.deliverer()
                                        .nextOutput(pane, again.compareTo(rest) < 0 ? again : rest)
                                        .thenRun(() -> awaitReady(e, deadline));
                            }
                        },
                        office.executor());
    }

    /** Whether a dialog stands where the starting harness's box should be; says so in the note. */
    private boolean startingInDialog(long e) {
        InputBox.State box;
        try {
            box = office.deliverer().inputBox(pane, channel.profile().quirks());
        } catch (TmuxException x) {
            return false;
        }
        return startingShowsDialog(e, box);
    }

    /**
     * BUSY → IDLE by the screen: at once for screen profiles, after the grace for hook profiles. Called
     * under the channel's monitor, so both looks start on the office's threads: a pane's first watch
     * asks tmux, which may be slow (a profile learned from a hook can bring the first watch here).
     */
    void awaitIdle(long e) {
        office.executor().execute(() -> watchForDialog(e));
        Profile.Turns turns = channel.profile().turns();
        Duration wait = turns.signal() == Profile.TurnSignal.HOOK ? turns.grace() : Duration.ZERO;
        office.timer()
                .schedule(() -> office.executor().execute(() -> idleByScreen(e)), wait.toNanos(), TimeUnit.NANOSECONDS);
    }

    private void idleByScreen(long e) {
        if (!current(e, MemberState.BUSY)) {
            return;
        }
        Duration quiet = channel.profile().turns().quiet();
        office.deliverer()
                .whenQuiet(pane, quiet, Duration.ofDays(1))
                .thenRunAsync(
                        () -> {
                            Optional<Instant> looked = busyAsOfNow(e);
                            if (looked.isEmpty()) {
                                return;
                            }
                            Optional<Boolean> settled = settled(quiet);
                            if (settled.isEmpty()) {
                                return;
                            }
                            if (settled.get()) {
                                // as of the look's start: a hook can end the turn and the next words go in
                                // while tmux answers, and the screen it saw is not their turn's end
                                channel.settled("screen quiet for " + quiet.toMillis() + " ms", looked);
                            } else {
                                office.deliverer().nextOutput(pane, quiet).thenRun(() -> idleByScreen(e));
                            }
                        },
                        office.executor());
    }

    /**
     * Whether the input box is empty and the screen was quiet for {@code quiet}; not yet when tmux did
     * not answer (it is looked at again); empty when the pane turned out to be gone (its queue has then
     * been failed).
     */
    private Optional<Boolean> settled(Duration quiet) {
        try {
            return Optional.of(
                    office.deliverer().inputBox(pane, channel.profile().quirks()) == InputBox.State.EMPTY
                            && office.deliverer().quietFor(pane).compareTo(quiet) >= 0);
        } catch (TmuxException x) {
            if (!x.paneGone()) {
                return Optional.of(false);
            }
            channel.gone();
            return Optional.empty();
        }
    }

    /** The text a member never ready in time fails its typed letters with. */
    static String neverReady(Profile profile) {
        return "unreachable: not ready within " + profile.ready().timeout().toSeconds() + " s (profile "
                + profile.name()
                + (profile.quirks().input().isPresent() ? ": its input box was never seen empty)" : ")");
    }

    /** Now, if {@code e} is still the current epoch and the member busy: when a look at its screen starts. */
    private Optional<Instant> busyAsOfNow(long e) {
        synchronized (channel) {
            return channel.turns().current(e, MemberState.BUSY)
                    ? Optional.of(office.clock().instant())
                    : Optional.empty();
        }
    }

    /** Whether {@code e} is still the current epoch and the member is in {@code expected}. */
    private boolean current(long e, MemberState expected) {
        synchronized (channel) {
            return channel.turns().current(e, expected);
        }
    }

    /** STARTING → READY (the screen says so), unless something else happened since {@code e}. */
    private void ready(long e) {
        synchronized (channel) {
            if (channel.turns().current(e, MemberState.STARTING)) {
                channel.turns().enter(MemberState.READY);
            }
        }
        channel.pump();
    }

    /** While busy since {@code e}: what its box shows (a dialog is noted, anything else clears the note). */
    private void busyShows(long e, InputBox.State box) {
        synchronized (channel) {
            channel.turns().busyShows(e, box);
        }
    }

    /** While starting since {@code e}: whether a dialog stands where its box should be (noted if so). */
    private boolean startingShowsDialog(long e, InputBox.State box) {
        synchronized (channel) {
            return channel.turns().startingShowsDialog(e, box);
        }
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
