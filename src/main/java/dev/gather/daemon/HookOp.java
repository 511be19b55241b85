package dev.gather.daemon;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.server.Dispatcher;
import dev.gather.server.Request;
import dev.gather.server.UserError;
import dev.gather.turn.HookEvent;
import dev.gather.turn.HookRejected;
import dev.gather.turn.TurnOutput;
import java.util.List;
import java.util.Optional;

/**
 * {@code hook}: a turn end handed over on the socket, when the hook could not write it into the spool
 * (a full disk, a folder it may not write). The kernel names the process on the socket, so the pane
 * is the one it runs in ({@code Callers}), or one it said it acts for from outside every pane.
 */
final class HookOp {
    private HookOp() {}

    static ObjectNode handle(Daemon d, Request r) {
        String harness = r.args().path("harness").asText("");
        String pane = r.callerPane()
                .orElseThrow(() -> new UserError("hook: this process runs in no pane of this tmux server;"
                        + " a hook outside every pane names the pane it reports for in $GATHER_PANE"));
        HookEvent.Origin origin =
                r.onBehalf().isPresent() ? new HookEvent.Origin.OnBehalf() : new HookEvent.Origin.Process(List.of());
        Optional<TurnOutput> turn;
        try {
            HookEvent event = new HookEvent(
                    harness, pane, d.clock.instant(), r.args().path("payload").asText(""), origin);
            turn = d.spool.attribute(event, pane);
        } catch (HookRejected | IllegalArgumentException e) {
            throw new UserError("hook: refused: " + e.getMessage());
        }
        turn.ifPresent(d.relay::onTurnOutput);
        return Dispatcher.JSON.createObjectNode().put("taken", true).put("pane", pane);
    }
}
