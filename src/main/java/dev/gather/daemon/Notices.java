package dev.gather.daemon;

import dev.gather.identity.LearnedPanes;
import dev.gather.link.Fanout;
import dev.gather.relay.Relay;
import dev.gather.relay.ScreenSources;
import dev.gather.remote.Remote;
import dev.gather.turn.SessionPanes;

/**
 * Who in the daemon is told what of the relay: a pane gone, a link closed, a turn from nowhere (what
 * the post office tells goes through its port, {@link DaemonPort}).
 */
final class Notices {
    private Notices() {}

    /** Connects the rooms a daemon built, so each hears what it must of the others. */
    static void wire(
            Relay relay,
            Fanout fanout,
            Remote remote,
            ScreenSources screens,
            SessionPanes sessions,
            LearnedPanes learnedPanes) {
        relay.onGone(screens::forget);
        relay.onGone(learnedPanes::forget);
        relay.onGone(sessions::forget);
        fanout.remote(p -> remote.address(p).isPresent(), remote::deliver);
        relay.onUnlinked(remote::unlinkedTurn);
        relay.onGone(remote::paneGone);
        relay.onClosed(view -> view.members().forEach(m -> m.pane().ifPresent(screens::forget)));
    }
}
