package dev.gather.daemon;

import dev.gather.delivery.Port;
import dev.gather.door.ClaudeTraces;
import dev.gather.relay.Relay;
import dev.gather.relay.ScreenSources;
import dev.gather.turn.SessionPanes;
import java.util.function.Supplier;

/**
 * What a daemon's post office tells its other rooms, in one place: what gather types or hands is not
 * the member's own output (the screen source and the sessions skip it); a turn end is Claude's door's
 * evidence for what it was handed; a member never ready leaves its link or gathering.
 *
 * @param relay the daemon's relay, built after its post office (whose fan-out it uses): read when a
 *     member turns out unreachable, long after both exist
 */
record DaemonPort(ScreenSources screens, SessionPanes sessions, ClaudeTraces claude, Supplier<Relay> relay)
        implements Port {
    @Override
    public void typing(String pane, String text) {
        screens.typed(pane, text);
        sessions.typed(pane, text);
    }

    @Override
    public void turnEnded(String pane, String how) {
        claude.turnEnded(pane, how);
    }

    @Override
    public void unreachable(String pane) {
        relay.get().leave(pane, "never became ready");
    }
}
