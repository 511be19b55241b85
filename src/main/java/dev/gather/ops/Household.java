package dev.gather.ops;

import dev.gather.delivery.Ledger;
import dev.gather.delivery.PostOffice;
import dev.gather.gathering.Gatherings;
import dev.gather.home.Homes;
import dev.gather.home.StateDir;
import dev.gather.journal.Journals;
import dev.gather.link.Links;
import dev.gather.profile.Profiles;
import dev.gather.relay.Relay;
import dev.gather.relay.Replies;
import dev.gather.relay.ScreenSources;
import dev.gather.remote.Remote;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.server.Dispatcher;
import dev.gather.server.UserError;
import dev.gather.time.MeasuredScheduler;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.Tmux;
import dev.gather.transport.Transport;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;

/**
 * What the ops and the resumption may use of a daemon: its state, its relay, its members near and
 * far; the daemon wires it and hands it over, so nothing below the daemon reaches back up to it.
 */
public final class Household {
    /** gather's state directory and the harnesses' homes this daemon reads (their transcripts, for a pulse). */
    public final Homes homes;

    public final StateDir state;
    public final Clock clock;
    public final Instant started;
    public final Tmux tmux;
    public final Deliverer deliverer;
    public final Links links;
    /** Links and gatherings the last daemon left unclosed that could not resume (their panes gone). */
    public final List<String> interrupted;
    /** Links and gatherings the last daemon left unclosed that this one resumed. */
    public final List<String> resumed;

    public final Journals journals;
    public final Relay relay;
    public final Replies replies;
    public final Profiles profiles;
    public final Transport transport;
    public final Remote remote;
    /** Where every delivery step is recorded: the journals, and the owning computer for remote links. */
    public final Ledger ledger;

    public final PostOffice post;
    public final Dispatcher dispatcher;
    public final ScreenSources screens;
    public final RhythmLibrary rhythms;
    public final Gatherings gatherings;
    public final GatheringRuns runs;
    /** Members without a pane who pull what is said to them. */
    public final Pulls pulls;

    public final MeasuredScheduler scheduler;
    public final ExecutorService lanes;
    private final Runnable stop;

    /** Everything a daemon holds, as the ops see it; {@code stop} asks the daemon to stop. */
    public Household(
            Homes homes,
            Clock clock,
            Instant started,
            Tmux tmux,
            Deliverer deliverer,
            Links links,
            List<String> interrupted,
            List<String> resumed,
            Journals journals,
            Relay relay,
            Replies replies,
            Profiles profiles,
            Transport transport,
            Remote remote,
            Ledger ledger,
            PostOffice post,
            Dispatcher dispatcher,
            ScreenSources screens,
            RhythmLibrary rhythms,
            Gatherings gatherings,
            GatheringRuns runs,
            Pulls pulls,
            MeasuredScheduler scheduler,
            ExecutorService lanes,
            Runnable stop) {
        this.homes = homes;
        this.state = homes.state();
        this.clock = clock;
        this.started = started;
        this.tmux = tmux;
        this.deliverer = deliverer;
        this.links = links;
        this.interrupted = interrupted;
        this.resumed = resumed;
        this.journals = journals;
        this.relay = relay;
        this.replies = replies;
        this.profiles = profiles;
        this.transport = transport;
        this.remote = remote;
        this.ledger = ledger;
        this.post = post;
        this.dispatcher = dispatcher;
        this.screens = screens;
        this.rhythms = rhythms;
        this.gatherings = gatherings;
        this.runs = runs;
        this.pulls = pulls;
        this.scheduler = scheduler;
        this.lanes = lanes;
        this.stop = stop;
    }

    /** Asks the daemon to stop. */
    public void stop() {
        stop.run();
    }

    /** Throws unless {@code pane} is a live pane of this daemon's tmux server. */
    public String verifiedPane(Optional<String> claimed, String op) {
        String pane = claimed.orElseThrow(
                () -> new UserError(op + " must be called from inside a tmux pane ($TMUX_PANE is not set)"));
        if (!pane.matches("%[0-9]+") || !tmux.alive(pane)) {
            throw new UserError("pane " + pane + " is not a live pane of this daemon's tmux server");
        }
        return pane;
    }
}
