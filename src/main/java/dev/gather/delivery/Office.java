package dev.gather.delivery;

import dev.gather.tmux.Deliverer;
import java.time.Clock;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;

/**
 * What every channel of one post office shares: the keyboard into the panes, the post office's
 * threads ({@code executor} does the work, {@code timer} only counts waits down), its clock, its
 * ledger and its one port out.
 */
record Office(
        Deliverer deliverer,
        Executor executor,
        ScheduledExecutorService timer,
        Clock clock,
        Ledger ledger,
        Port port) {}
