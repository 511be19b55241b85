package dev.gather.gathering;

import dev.gather.link.Member;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * What everyone in a gathering has heard so far: the last few turns for the beats' micro pulse, and
 * every turn for a member who joins late, compressed to fit what one paste may carry (the newest turns
 * first to be kept, each cut to a gist, older ones counted but left out).
 */
final class Conversation {
    /** Characters of one turn's gist: enough for its point, short enough to keep several turns. */
    static final int GIST = 600;

    private static final String HEAD = "\n\nThe conversation so far (oldest first, shortened):\n";

    private final Deque<String> recent = new ArrayDeque<>();
    /** Every turn heard so far, attributed. */
    private final List<String> said = new ArrayList<>();

    /** {@code from}'s relayed words. */
    void heard(Member from, String text) {
        heard(from.attribution(), from.name(), text);
    }

    /** Words everyone has now heard under {@code attribution} (a reveal's), {@code who} in the beats' pulse. */
    void heard(String attribution, String who, String text) {
        said.add(attribution + " " + text.strip());
        String gist = text.strip().replaceAll("\\s+", " ");
        recent.addLast(who + ": " + (gist.length() > 60 ? gist.substring(0, 60) + "…" : gist));
        while (recent.size() > 3) {
            recent.removeFirst();
        }
    }

    /** Who spoke lately and what, compressed for a beat. */
    String microPulse() {
        return recent.isEmpty() ? "nobody has spoken yet" : String.join(" | ", recent);
    }

    /** The turns heard so far, oldest first, each {@code [Name] (n): words}. */
    List<String> said() {
        return List.copyOf(said);
    }

    /** The block to append to a seed, at most {@code room} characters; empty when nothing was said or nothing fits. */
    static String sofar(List<String> said, int room) {
        if (said.isEmpty()) {
            return "\n\nNothing has been said in the circle yet.";
        }
        Deque<String> kept = new ArrayDeque<>();
        int used = HEAD.length() + 60; // room for the "left out" line
        for (int i = said.size() - 1; i >= 0; i--) {
            String gist = gist(said.get(i));
            if (used + gist.length() + 1 > room) {
                break;
            }
            kept.addFirst(gist);
            used += gist.length() + 1;
        }
        if (kept.isEmpty()) {
            return "";
        }
        int left = said.size() - kept.size();
        StringBuilder out = new StringBuilder(HEAD);
        if (left > 0) {
            out.append("(")
                    .append(left)
                    .append(" earlier turn")
                    .append(left == 1 ? "" : "s")
                    .append(" left out)\n");
        }
        out.append(String.join("\n", kept));
        return out.toString();
    }

    private static String gist(String turn) {
        String flat = turn.replaceAll("\\s+", " ").strip();
        return flat.length() > GIST ? flat.substring(0, GIST - 1) + "…" : flat;
    }
}
