package dev.gather.gathering;

import dev.gather.rhythm.Beats;
import dev.gather.time.Scheduler;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The timed steps of one gathering (a beat, the grace running out, the turn cap): one pending timer
 * per event, fired on the gathering's lane, only while the gathering is still where the step applies.
 */
final class StepTimers implements Steps.Timers {
    /** How soon a timed step (beat, grace over, turn cap) whose words were refused is tried again. */
    static final Duration STEP_RETRY = Duration.ofSeconds(2);

    private final Scheduler scheduler;
    private final Clock clock;
    private final Lane lane;
    private final MachinePort machine;
    private final Map<GatheringEvent, AutoCloseable> timers = new EnumMap<>(GatheringEvent.class);
    private final Map<GatheringEvent, Object> tokens = new EnumMap<>(GatheringEvent.class);
    /** When each armed timer falls due; a lease wait's recheck is no beat and has none. */
    private final Map<GatheringEvent, Instant> due = new EnumMap<>(GatheringEvent.class);

    /** Timers that send their event to {@code machine} on {@code lane} when it falls due in the state it is for. */
    StepTimers(Scheduler scheduler, Clock clock, Lane lane, MachinePort machine) {
        this.scheduler = scheduler;
        this.clock = clock;
        this.lane = lane;
        this.machine = machine;
    }

    @Override
    public void in(Duration d, GatheringEvent event) {
        schedule(d, event, true);
    }

    @Override
    public void recheck(Duration d, GatheringEvent event) {
        schedule(d, event, false);
    }

    @Override
    public synchronized void cancel() {
        timers.values().forEach(StepTimers::cancel);
        timers.clear();
        tokens.clear();
        due.clear();
    }

    /** When {@code event} falls due, if a dated timer is armed for it. */
    synchronized Optional<Instant> due(GatheringEvent event) {
        return Optional.ofNullable(due.get(event));
    }

    /**
     * Arms the timers of a gathering resumed in {@code s} from the journal's times: a beat, grace or
     * cap that fell due while no daemon ran fires once, now.
     */
    void resume(Snapshot s, Beats beats, Instant now) {
        switch (s.state()) {
            case SPEAKING -> in(left(s.beatBase().plus(beats.interval()), now), GatheringEvent.BEAT);
            case FINAL_BEAT -> in(
                    left(s.finalBeat().orElse(s.beatBase()).plus(beats.grace()), now), GatheringEvent.TIME_UP);
            case HARVESTING -> in(
                    left(
                            s.since()
                                    .plus(beats.interval().multipliedBy(beats.perTurn()))
                                    .plus(beats.grace()),
                            now),
                    GatheringEvent.TIME_UP);
            default -> throw new IllegalStateException("not resumable in " + s.state());
        }
        in(left(s.since().plus(beats.turnCap()), now), GatheringEvent.MAX_TURN);
    }

    private static Duration left(Instant at, Instant now) {
        Duration left = Duration.between(now, at);
        return left.isNegative() ? Duration.ZERO : left;
    }

    private void schedule(Duration d, GatheringEvent event, boolean dated) {
        // the newest timer of an event is the only one that may fire: one already queued on the
        // lane when it was replaced or cancelled finds its token gone and does nothing
        Object token = new Object();
        synchronized (this) {
            tokens.put(event, token);
            if (dated) {
                due.put(event, clock.instant().plus(d));
            } else {
                due.remove(event);
            }
        }
        AutoCloseable handle = scheduler.after(d, () -> lane.submit(() -> fire(event, token)));
        synchronized (this) {
            AutoCloseable before = tokens.get(event) == token ? timers.put(event, handle) : handle;
            if (before != null) {
                cancel(before);
            }
        }
    }

    private void fire(GatheringEvent event, Object token) {
        synchronized (this) {
            if (tokens.get(event) != token) {
                return;
            }
            tokens.remove(event);
            timers.remove(event);
            due.remove(event);
        }
        if (machine.closed()) {
            return;
        }
        GatheringState s = machine.state();
        boolean applies =
                switch (event) {
                    case BEAT -> s == GatheringState.SPEAKING;
                    case TIME_UP -> s == GatheringState.FINAL_BEAT || s == GatheringState.HARVESTING;
                    case MAX_TURN -> s == GatheringState.SPEAKING
                            || s == GatheringState.FINAL_BEAT
                            || s == GatheringState.HARVESTING;
                    default -> false;
                };
        if (!applies) {
            return;
        }
        try {
            machine.send(event, Map.of(Steps.REASON, event.name().toLowerCase(Locale.ROOT)));
        } catch (RuntimeException refused) {
            if (!machine.closed()) {
                // what it says was refused (a journal that cannot be written): the step, not yet
                // taken, comes again shortly instead of never, which would leave a quiet holder waiting
                schedule(STEP_RETRY, event, true);
            }
            throw refused;
        }
    }

    private static void cancel(AutoCloseable timer) {
        try {
            timer.close();
        } catch (Exception e) {
            // a timer that cannot be cancelled fires into a closed gathering or a later turn and is ignored
        }
    }
}
