package dev.gather.daemon;

import dev.gather.delivery.PostOffice;
import dev.gather.gathering.Gatherings;
import dev.gather.identity.LearnedPanes;
import dev.gather.link.Fanout;
import dev.gather.relay.Relay;
import dev.gather.relay.ScreenSources;
import dev.gather.remote.Remote;
import dev.gather.turn.SessionPanes;
import java.util.Optional;

/** Who in the daemon is told what: a pane typed into, gone or unreachable, a link closed, a turn from nowhere. */
final class Notices {
    private Notices() {}

    /** Connects the rooms a daemon built, so each hears what it must of the others. */
    static void wire(
            Relay relay,
            PostOffice post,
            Fanout fanout,
            Remote remote,
            ScreenSources screens,
            SessionPanes sessions,
            LearnedPanes learnedPanes,
            Gatherings gatherings) {
        // what gather types is not the member's own output: the screen source and the sessions skip it
        post.beforeTyping((pane, text) -> {
            screens.typed(pane, text);
            sessions.typed(pane, text);
        });
        relay.onGone(screens::forget);
        relay.onGone(learnedPanes::forget);
        relay.onGone(sessions::forget);
        post.onUnreachable(pane -> relay.leave(pane, "never became ready"));
        fanout.remote(p -> remote.address(p).isPresent(), remote::deliver);
        relay.onUnlinked(remote::unlinkedTurn);
        relay.onGone(remote::paneGone);
        relay.onClosed(view -> view.members().forEach(m -> m.pane().ifPresent(screens::forget)));
        relay.onGone(pane -> gatherings.byPane(pane).ifPresent(g -> g.members().stream()
                .filter(m -> m.pane().equals(Optional.of(pane)))
                .findFirst()
                .ifPresent(g::memberGone)));
    }
}
