package dev.gather.daemon;

import dev.gather.door.ClaudeDoors;
import dev.gather.door.Doors;
import dev.gather.turn.SessionPanes;
import java.util.concurrent.ScheduledExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A daemon's doors: Codex's queue, once a turn end named a pane's thread, and Claude's messaging
 * socket, once a pane's own hooks told it; what the hooks say of prompts and turn ends is each
 * door's evidence that a message was taken and answered (turn ends reach it through {@link DaemonPort}).
 *
 * <p>{@code GATHER_CLAUDE_DOOR=0} turns Claude's door off (Claude members are then typed into).
 */
record DaemonDoors(Doors doors, ClaudeDoors claude) implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DaemonDoors.class);

    /** The switch that turns Claude's door off. */
    static final String CLAUDE_SWITCH = "GATHER_CLAUDE_DOOR";

    static DaemonDoors open(SessionPanes sessions, ScheduledExecutorService timers) {
        Doors doors = Doors.shipped(sessions::threadOfPane, timers);
        ClaudeDoors claude = new ClaudeDoors(
                        sessions::claudeMessaging,
                        late -> LOG.info("Claude answered a message after its handover: {}", late.handover()))
                .transcripts(sessions::claudeTranscript);
        if (!"0".equals(System.getenv(CLAUDE_SWITCH))) {
            doors.register("claude", claude);
        }
        sessions.onPromptSubmitted(
                p -> claude.traces().prompt(p.pane(), p::carries, "Claude started a turn with it (UserPromptSubmit)"));
        return new DaemonDoors(doors, claude);
    }

    @Override
    public void close() {
        doors.close();
        claude.close();
    }
}
