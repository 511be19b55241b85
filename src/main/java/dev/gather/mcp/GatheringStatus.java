package dev.gather.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** {@code gathering_status}: where a gathering stands. */
final class GatheringStatus extends Tool {
    GatheringStatus() {
        super("gathering_status", "gathering_status");
    }

    @Override
    public ObjectNode request(Args args) {
        ObjectNode r = JSON.createObjectNode();
        args.optionalText("gathering", "a gathering id from start_gathering").ifPresent(g -> r.put("gathering", g));
        return r;
    }

    @Override
    public String text(ObjectNode s) {
        StringBuilder out = new StringBuilder("Gathering ")
                .append(Render.field(s, "gathering_id", "?"))
                .append(" (")
                .append(Render.field(s, "rhythm", "?"))
                .append("): ")
                .append(Render.field(s, "state", "unknown"));
        if (s.hasNonNull("phase")) {
            out.append(", phase ").append(s.path("phase").asText());
        }
        if (s.hasNonNull("round")) {
            out.append(", round ").append(s.path("round").asText());
            if (s.hasNonNull("rounds")) {
                out.append('/').append(s.path("rounds").asText());
            }
        }
        if (s.hasNonNull("holder")) {
            out.append(", piece with ").append(s.path("holder").asText());
        }
        if (s.path("next_beat_at").isNumber() && s.path("as_of").isNumber()) {
            // both by the daemon's clock: the difference is what the holder has left before its next beat
            long ms = Math.max(
                    0, s.path("next_beat_at").asLong() - s.path("as_of").asLong());
            out.append(", next beat in ").append((ms + 999) / 1000).append(" s");
        }
        return out.append(".\nMembers:\n")
                .append(Render.members(s.path("members")))
                .toString();
    }
}
