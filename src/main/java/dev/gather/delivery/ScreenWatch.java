package dev.gather.delivery;

import dev.gather.profile.Profile;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.InputBox;
import dev.gather.tmux.TmuxException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A mailbox's eyes on its pane where no hook speaks: a starting member is ready once its input box
 * is drawn empty and the screen held still (or never, in time); a busy one waiting on a dialog is
 * noted as such; a busy one is idle once its screen settles (at once for screen profiles, after the
 * grace for hook profiles). Every look belongs to an epoch of the mailbox: a later state ends it.
 */
final class ScreenWatch {
    private final Mailbox mailbox;
    private final String pane;
    private final Deliverer deliverer;
    private final Executor executor;
    private final ScheduledExecutorService timer;

    ScreenWatch(Mailbox mailbox, String pane, Deliverer deliverer, Executor executor, ScheduledExecutorService timer) {
        this.timer = timer;
        this.mailbox = mailbox;
        this.pane = pane;
        this.deliverer = deliverer;
        this.executor = executor;
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
        if (!mailbox.current(e, MemberState.BUSY)
                || mailbox.profile().quirks().input().isEmpty()) {
            return;
        }
        deliverer
                .whenQuiet(pane, mailbox.profile().ready().quiet(), Duration.ofDays(1))
                .thenRunAsync(
                        () -> {
                            if (!mailbox.current(e, MemberState.BUSY)) {
                                return;
                            }
                            InputBox.State box;
                            try {
                                box = deliverer.inputBox(pane, mailbox.profile().quirks());
                            } catch (TmuxException x) {
                                return;
                            }
                            mailbox.busyShows(e, box);
                            deliverer.nextOutput(pane, Duration.ofDays(1)).thenRun(() -> watchForDialog(e));
                        },
                        executor);
    }

    /** STARTING → READY once the input box is drawn and empty and the screen was quiet long enough. */
    void awaitReady(long e, long deadline) {
        Duration left = Duration.ofNanos(deadline - System.nanoTime());
        if (left.isNegative() || left.isZero()) {
            mailbox.giveUp(e);
            return;
        }
        deliverer
                .whenQuiet(pane, mailbox.profile().ready().quiet(), left)
                .thenRunAsync(
                        () -> {
                            if (!mailbox.current(e, MemberState.STARTING)) {
                                return;
                            }
                            Optional<Boolean> settled =
                                    settled(mailbox.profile().ready().quiet());
                            if (settled.isEmpty()) {
                                return;
                            }
                            if (settled.get()) {
                                mailbox.ready(e);
                            } else if (startingInDialog(e)) {
                                // a trust dialog at start waits for a person, visibly, however long it
                                // takes; once answered the harness gets its whole start time again
                                deliverer
                                        .nextOutput(pane, Duration.ofDays(1))
                                        .thenRun(() -> awaitReady(
                                                e,
                                                System.nanoTime()
                                                        + mailbox.profile()
                                                                .ready()
                                                                .timeout()
                                                                .toNanos()));
                            } else if (System.nanoTime() >= deadline) {
                                mailbox.giveUp(e);
                            } else {
                                // looked again at the next output or after one quiet spell, whichever
                                // comes first: a harness that printed between the quiet and the look
                                // and then went still (an idle Gemini) would otherwise never be looked at
                                Duration again = max(mailbox.profile().ready().quiet(), Duration.ofMillis(100));
                                Duration rest = Duration.ofNanos(deadline - System.nanoTime());
                                deliverer
                                        .nextOutput(pane, again.compareTo(rest) < 0 ? again : rest)
                                        .thenRun(() -> awaitReady(e, deadline));
                            }
                        },
                        executor);
    }

    /** Whether a dialog stands where the starting harness's box should be; says so in the note. */
    private boolean startingInDialog(long e) {
        InputBox.State box;
        try {
            box = deliverer.inputBox(pane, mailbox.profile().quirks());
        } catch (TmuxException x) {
            return false;
        }
        return mailbox.startingShowsDialog(e, box);
    }

    /** BUSY → IDLE by the screen: at once for screen profiles, after the grace for hook profiles. */
    void awaitIdle(long e) {
        watchForDialog(e);
        Profile.Turns turns = mailbox.profile().turns();
        Duration wait = turns.signal() == Profile.TurnSignal.HOOK ? turns.grace() : Duration.ZERO;
        timer.schedule(() -> executor.execute(() -> idleByScreen(e)), wait.toNanos(), TimeUnit.NANOSECONDS);
    }

    private void idleByScreen(long e) {
        if (!mailbox.current(e, MemberState.BUSY)) {
            return;
        }
        Duration quiet = mailbox.profile().turns().quiet();
        deliverer
                .whenQuiet(pane, quiet, Duration.ofDays(1))
                .thenRunAsync(
                        () -> {
                            if (!mailbox.current(e, MemberState.BUSY)) {
                                return;
                            }
                            Optional<Boolean> settled = settled(quiet);
                            if (settled.isEmpty()) {
                                return;
                            }
                            if (settled.get()) {
                                mailbox.turnEnded("screen quiet for " + quiet.toMillis() + " ms");
                            } else {
                                deliverer.nextOutput(pane, quiet).thenRun(() -> idleByScreen(e));
                            }
                        },
                        executor);
    }

    /**
     * Whether the input box is empty and the screen was quiet for {@code quiet}; empty when the pane
     * turned out to be gone (its queue has then been failed).
     */
    private Optional<Boolean> settled(Duration quiet) {
        try {
            return Optional.of(deliverer.inputBox(pane, mailbox.profile().quirks()) == InputBox.State.EMPTY
                    && deliverer.quietFor(pane).compareTo(quiet) >= 0);
        } catch (TmuxException x) {
            mailbox.gone();
            return Optional.empty();
        }
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
