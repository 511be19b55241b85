package dev.gather.resume;

import dev.gather.journal.Announcement;
import dev.gather.journal.Line;
import dev.gather.journal.Message;
import dev.gather.journal.Prompt;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Per member, the journal entry of the last message that gave it the floor when the daemon stopped:
 * the piece announced to it (live hearing), handed to it privately (digest), or the harvest prompt.
 * A resumed gathering then still tells a holder's answer to its turn from an answer to something older.
 */
final class Floors {
    private Floors() {}

    /** {@code lines} in journal order, each with its number there. */
    static Map<String, Long> of(List<Line> lines) {
        Map<String, Long> floors = new HashMap<>();
        for (Line l : lines) {
            if (l.entry() instanceof Message.Announce a
                    && a.prompt() == Announcement.TURN
                    && a.member() != null
                    && !a.held().contains(a.member())) {
                floors.put(a.member(), l.n());
            } else if (l.entry() instanceof Message.Private p
                    && (p.prompt() == Prompt.TURN || p.prompt() == Prompt.HARVEST)) {
                floors.put(p.to(), l.n());
            }
        }
        return floors;
    }
}
