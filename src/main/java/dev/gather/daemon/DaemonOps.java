package dev.gather.daemon;

import dev.gather.ops.ActingView;
import dev.gather.ops.EventsOp;
import dev.gather.ops.GatheringOps;
import dev.gather.ops.Household;
import dev.gather.ops.Ops;
import dev.gather.server.Acting;
import dev.gather.server.Callers;
import dev.gather.server.Dispatcher;
import dev.gather.server.Pace;

/** What the ops see of a daemon, and the ops its dispatcher answers: wired once its parts exist. */
final class DaemonOps {
    private DaemonOps() {}

    /** The daemon's parts, as the ops and the resumption use them. */
    static Household household(Daemon d) {
        return new Household(
                d.homes,
                d.clock,
                d.started,
                d.tmux,
                d.deliverer,
                d.links,
                d.interrupted,
                d.resumed,
                d.journals,
                d.relay,
                d.replies,
                d.profiles,
                d.transport,
                d.remote,
                d.ledger,
                d.post,
                d.dispatcher,
                d.screens,
                d.rhythms,
                d.gatherings,
                d.runs,
                d.pulls,
                d.scheduler,
                d.lanes,
                d::stop);
    }

    /** Registers every op the daemon answers, and who a request comes from, with its dispatcher. */
    static void register(Daemon d) {
        Household house = d.house;
        Dispatcher dispatcher = d.dispatcher;
        ActingView acting = new ActingView(house);
        dispatcher.identify(new Callers(d.tmux::panes)::identify, acting::journalOnBehalf);
        dispatcher.acting(new Acting(acting, acting::journalOperator));
        dispatcher.pace(new Pace(d.clock));
        dispatcher.threadPanes(
                (thread, reporter) -> reporter.isEmpty()
                        ? d.sessions.paneOfThread(thread)
                        : d.sessions.paneOfThread(thread, reporter.get()),
                acting::runsCodex);
        Ops.register(house);
        dispatcher.on("hook", r -> HookOp.handle(d, r)); // needs the spool watcher: not an ops/ op
        new GatheringOps(house).register(dispatcher);
        dispatcher.onStream("events", new EventsOp(house));
    }
}
