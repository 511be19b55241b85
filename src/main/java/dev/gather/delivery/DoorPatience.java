package dev.gather.delivery;

import dev.gather.door.Door;
import dev.gather.door.Parcel;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * How long a message handed through a door may wait to be taken before gather asks the harness's own
 * record where it is: {@link #within} after it was handed or after the member's last turn end,
 * whichever is later. A message queued behind a turn is started as soon as that turn ends, so a wait
 * counted from the turn end does not run out while a long turn (or a dialog a person must answer)
 * keeps it queued. A door that refused or failed is not asked again for a while ({@link #REST}).
 */
final class DoorPatience {
    /** The wait gather ships with: a harness starts a queued message within a second of its turn's end. */
    static final Duration DEFAULT = Duration.ofSeconds(30);

    private final Duration within;
    private final Clock clock;
    private final Executor executor;
    private final ScheduledExecutorService timer;
    /** A door that refused or failed rests this long: its messages are typed meanwhile. */
    static final Duration REST = Duration.ofMinutes(1);

    private volatile Instant lastTurnEnd = Instant.MIN;
    private volatile Instant restUntil = Instant.MIN;

    /** {@code timer} only counts the waits down: what runs out runs on {@code executor}. */
    DoorPatience(Duration within, Clock clock, Executor executor, ScheduledExecutorService timer) {
        this.timer = timer;
        this.within = within;
        this.clock = clock;
        this.executor = executor;
    }

    /** The door refused or failed: it rests from now until the returned instant. */
    Instant rest() {
        restUntil = clock.instant().plus(REST);
        return restUntil;
    }

    /** Whether the door rests after a refusal or failure. */
    boolean resting() {
        return clock.instant().isBefore(restUntil);
    }

    /** The member ended a turn: every wait counts from now. */
    void turnEnded() {
        lastTurnEnd = clock.instant();
    }

    /**
     * What a channel's harness door does with a handed message as its wait runs out: {@code waiting} says whether it
     * still waits to be taken; {@code waitsOn} hears that the harness still has it queued, or cannot
     * tell (it waits again; the first time is journalled); {@code missing} that the harness never had it.
     * While {@code midTurn} (a turn of the member runs: a dialog may hold it) "never had it" is not
     * believed: a harness may keep what it queued mid-turn out of its record until the turn ends.
     */
    record Verdicts(
            BooleanSupplier waiting,
            BooleanSupplier midTurn,
            BiConsumer<String, Boolean> waitsOn,
            Consumer<String> missing) {}

    /**
     * Watches {@code parcel}, handed through {@code door} at {@code from}: when its wait runs out while it
     * still waits, the harness's own record decides. Taken: as if the hook had said so ({@code trace}'s
     * taken completes); still queued, or the record cannot tell: it waits again; never there: typed
     * instead. So nothing is lost and nothing arrives twice.
     */
    void watch(Instant from, Door door, Parcel parcel, Door.Trace trace, Verdicts verdicts) {
        // once its trace has an answer (taken, declined after all, or cancelled as missing) the door has it
        // no more: one given back is typed, its sender still waiting, and a verdict on the door's copy then
        // would journal it handed again (a restart would take it for one in the harness's queue, never typed)
        Verdicts v = new Verdicts(
                () -> !trace.taken().isDone() && verdicts.waiting().getAsBoolean(),
                verdicts.midTurn(),
                verdicts.waitsOn(),
                verdicts.missing());
        after(from, v.waiting(), () -> ranOut(door, parcel, trace, v, true));
    }

    private void ranOut(Door door, Parcel parcel, Door.Trace trace, Verdicts verdicts, boolean first) {
        if (!verdicts.waiting().getAsBoolean()) {
            return; // taken or given back since the wait ran out
        }
        Door.Whereabouts where = door.whereabouts(parcel);
        Duration wait = within;
        String waited = "not seen taken within "
                + (wait.toMillis() % 1000 == 0 ? wait.toSeconds() + " s" : wait.toMillis() + " ms")
                + " of handing or of a turn end";
        switch (where.kind()) {
            case TAKEN -> {
                // its prompt hook was missed: a turn end heard since the take was that turn's own, and
                // the member must not be made busy in a turn that is over (ended first: the take reads it)
                Instant ended = lastTurnEnd;
                if (where.takenAt().filter(ended::isAfter).isPresent()) {
                    trace.ended().complete("a turn end was heard at " + ended + ", after " + where.how());
                }
                trace.taken().complete(where.how());
            }
            case WAITING, UNKNOWN -> {
                verdicts.waitsOn().accept(waited + "; waits on: " + where.how(), first);
                after(clock.instant(), verdicts.waiting(), () -> ranOut(door, parcel, trace, verdicts, false));
            }
            case MISSING -> {
                if (verdicts.midTurn().getAsBoolean()) {
                    verdicts.waitsOn().accept(waited + "; waits on: a turn still running (" + where.how() + ")", first);
                    after(clock.instant(), verdicts.waiting(), () -> ranOut(door, parcel, trace, verdicts, false));
                    return;
                }
                if (!trace.taken().cancel(false)) {
                    return; // taken (or declined) as the record was read: that answer owns the letter
                }
                // cancelled: a late hook must not count it taken once it is typed
                verdicts.missing().accept(waited + ", and " + where.how());
            }
        }
    }

    /** Runs {@code ranOut} once the wait from {@code from} ran out, unless {@code waiting} says it is over. */
    private void after(Instant from, BooleanSupplier waiting, Runnable ranOut) {
        Instant since = lastTurnEnd.isAfter(from) ? lastTurnEnd : from;
        Duration left = Duration.between(clock.instant(), since.plus(within));
        if (!waiting.getAsBoolean()) {
            return;
        }
        if (left.isNegative() || left.isZero()) {
            executor.execute(ranOut);
            return;
        }
        timer.schedule(
                () -> executor.execute(() -> after(from, waiting, ranOut)), left.toMillis() + 1, TimeUnit.MILLISECONDS);
    }
}
