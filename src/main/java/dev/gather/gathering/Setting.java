package dev.gather.gathering;

import dev.gather.link.Member;
import dev.gather.time.Scheduler;
import java.time.Clock;
import java.util.concurrent.Executor;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Where a gathering runs, as opposed to what it is (its rhythm, members and options): the scheduler
 * its beats and timers fall due on, that scheduler's {@code clock} (which dates the next beat in its
 * status), the {@code executor} its lane runs events on, the signals' {@code pulse} a beat reads,
 * and {@code midTurn}, whether a member is mid-turn (its beats and the final beat's grace wait for
 * it, up to the rhythm's max_turn). The daemon gives every gathering the same kind; a rehearsal and
 * the tests give their own clock and run events in place.
 */
public record Setting(
        Scheduler scheduler, Clock clock, Executor executor, Supplier<String> pulse, Predicate<Member> midTurn) {}
