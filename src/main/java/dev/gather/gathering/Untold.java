package dev.gather.gathering;

import dev.gather.journal.Announcement;
import java.util.List;

/**
 * One message an agent that hears in a digest was not yet told, as it will be typed in front of its
 * next prompt.
 *
 * @param typed the message as typed (attributed words, an announcement, a reminder)
 * @param turn whether it says where the piece went: a later move makes it stale
 */
public record Untold(String typed, boolean turn) {
    /** Words or an announcement that stay in the digest. */
    public static Untold said(String typed) {
        return new Untold(typed, false);
    }

    /** An announcement of {@code kind}: a turn's is the piece moving, and only its last move is worth a model's reading. */
    public static Untold announced(Announcement kind, String typed) {
        return new Untold(typed, kind == Announcement.TURN);
    }

    /**
     * Adds {@code u} to what is kept for one agent; a move of the piece replaces the one kept before
     * it. Kept, every move was typed: a prompt said the piece was with Ada, then that it was with Bo,
     * so the agent's own turn began with where the piece no longer was.
     */
    public static void keep(List<Untold> kept, Untold u) {
        if (u.turn()) {
            kept.removeIf(Untold::turn);
        }
        kept.add(u);
    }
}
