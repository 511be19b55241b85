package dev.gather.daemon;

import dev.gather.gathering.Gathering;
import dev.gather.gathering.Gatherings;
import dev.gather.identity.LearnedPanes;
import dev.gather.link.Link;
import dev.gather.relay.HandedOver;
import dev.gather.relay.RelayPort;
import dev.gather.relay.Replies;
import dev.gather.relay.ScreenSources;
import dev.gather.remote.Remote;
import dev.gather.turn.SessionPanes;
import dev.gather.turn.TurnOutput;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * What a daemon's relay tells its other rooms, in one place: the replies a worker's turn answers, the
 * turns of panes in no link here (another computer's members, a closed gathering's late words), and
 * what each room forgets of a pane that ended or a link that closed.
 *
 * @param replies the daemon's replies, built after its relay (whose outbox they send through): read
 *     only once turns arrive, long after both exist
 */
record DaemonRelayPort(
        ScreenSources screens,
        SessionPanes sessions,
        LearnedPanes learnedPanes,
        Remote remote,
        Gatherings gatherings,
        Supplier<Replies> replies)
        implements RelayPort {
    @Override
    public void turnEnding(TurnOutput output, Optional<String> words, Set<String> relayedTo) {
        replies.get().turnEnding(output, words, relayedTo);
    }

    @Override
    public void unlinked(TurnOutput output) {
        remote.unlinkedTurn(output);
        lateWords(output);
    }

    @Override
    public void gone(String pane) {
        replies.get().gone(pane);
        screens.forget(pane);
        learnedPanes.forget(pane);
        sessions.forget(pane);
        remote.paneGone(pane);
    }

    @Override
    public void closed(Link.View view) {
        view.members().forEach(m -> m.pane().ifPresent(screens::forget));
    }

    /**
     * A member's words that arrive after its gathering closed (its link is gone) are still kept, and stay
     * in the spool while the journal refuses them, as any turn does.
     */
    private void lateWords(TurnOutput out) {
        if (out.text().isBlank()) {
            return;
        }
        for (Gathering g : gatherings.all()) {
            if (g.closed()) {
                g.members().stream()
                        .filter(m -> m.pane().equals(Optional.of(out.pane())))
                        .findFirst()
                        .ifPresent(m -> HandedOver.await(
                                g.id(), g.onTurnOutput(m, out.text().strip())));
            }
        }
    }
}
