package dev.gather.daemon;

import dev.gather.identity.PaneOfProcess;
import dev.gather.process.Processes;
import dev.gather.tmux.Pane;
import java.util.List;
import java.util.Optional;
import java.util.function.LongFunction;
import java.util.function.Supplier;

/**
 * Who a socket request acts for: the pane its process runs in (the peer's pid, walked up its
 * parents to a pane's {@code pane_pid}), whatever {@code $TMUX_PANE} said. A process inside pane B
 * naming pane A is refused. A process outside every pane acts for a pane only by saying so
 * ({@code on_behalf_of}, the CLI's {@code --pane}), and the request carries who it was. Within one
 * Unix user this is no wall against intent; it ends accidental and silent impersonation.
 */
final class Callers {
    private final Supplier<List<Pane>> panes;
    private final LongFunction<List<Long>> ancestry;

    Callers(Supplier<List<Pane>> panes) {
        this(panes, Processes::ancestry);
    }

    Callers(Supplier<List<Pane>> panes, LongFunction<List<Long>> ancestry) {
        this.panes = panes;
        this.ancestry = ancestry;
    }

    /** {@code r} (with the pane it claims, and {@code onBehalfOf} if it said so) as it may act; throws {@link UserError}. */
    Request identify(Peer peer, Request r, Optional<String> onBehalfOf) {
        Optional<String> claimed = r.callerPane();
        if (peer.inProcess()) {
            // the daemon's own process (the demo, tests): it names its pane, nothing to walk
            return new Request(r.op(), r.id(), onBehalfOf.or(() -> claimed), r.args(), r.onBehalf());
        }
        List<Long> chain = peer.equals(Peer.UNKNOWN) ? List.of() : ancestry.apply(peer.pid());
        Optional<String> in = chain.isEmpty() ? Optional.empty() : PaneOfProcess.find(chain, panes.get());
        if (in.isPresent()) {
            String pane = in.get();
            Optional<String> other = onBehalfOf.or(() -> claimed).filter(p -> !p.equals(pane));
            if (other.isPresent()) {
                throw new UserError(r.op() + ": refused: this process runs in pane " + pane + ", not "
                        + other.get() + "; a process inside a pane acts only for that pane"
                        + (onBehalfOf.isPresent() ? "" : " ($TMUX_PANE says " + other.get() + ")"));
            }
            return new Request(r.op(), r.id(), Optional.of(pane), r.args());
        }
        String who = peer.equals(Peer.UNKNOWN) ? "a process" : "process " + peer.pid();
        if (onBehalfOf.isPresent()) {
            return new Request(
                    r.op(),
                    r.id(),
                    onBehalfOf,
                    r.args(),
                    Optional.of(who + ", outside every pane of this tmux server"));
        }
        if (claimed.isPresent()) {
            throw new UserError(r.op() + ": refused: " + who + " runs outside every pane of this tmux server,"
                    + " yet $TMUX_PANE names " + claimed.get() + "; to act for " + claimed.get()
                    + " from outside, say so: --pane " + claimed.get() + " (on_behalf_of on the socket)");
        }
        return r;
    }
}
