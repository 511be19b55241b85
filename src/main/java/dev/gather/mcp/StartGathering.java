package dev.gather.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;
import java.util.regex.Pattern;

/** {@code start_gathering}: spawns the participants and starts the rhythm. */
final class StartGathering extends SessionTool {
    private static final Pattern ROLE = Pattern.compile("[a-z][a-z0-9-]{0,30}");
    private static final Set<String> PARTICIPANT_FIELDS = Set.of("name", "role", "agent", "pane");
    private static final int MAX_PARTICIPANTS = 32;

    StartGathering(PullSession session) {
        super("start_gathering", "start_gathering", session);
    }

    @Override
    public void answered(ObjectNode result) {
        if (result.hasNonNull("gathering_id")) {
            session.started(result.path("gathering_id").asText());
        }
    }

    @Override
    public ObjectNode request(Args args) {
        ObjectNode r = JSON.createObjectNode().put("rhythm", args.text("rhythm", "a rhythm name from list_rhythms"));
        args.raw("participants").ifPresent(p -> r.set("participants", participants(p)));
        args.optionalText("question", "the opening question").ifPresent(q -> r.put("question", q));
        args.optionalInt("beats_per_turn", 1, 20).ifPresent(n -> r.put("beats_per_turn", n));
        args.optionalInt("beat_interval_seconds", 1, 3600).ifPresent(n -> r.put("beat_interval_seconds", n));
        args.optionalInt("grace_seconds", 0, 3600).ifPresent(n -> r.put("grace_seconds", n));
        // members start where the calling agent works: this server runs in its harness's folder
        r.put("cwd", System.getProperty("user.dir"));
        return r;
    }

    private static ArrayNode participants(JsonNode p) {
        String tool = "start_gathering";
        if (!p.isArray()) {
            throw new BadArgument(
                    tool + ": 'participants' must be an array of {name?, role?, agent?, pane?}, not " + Args.kind(p));
        }
        if (p.isEmpty()) {
            throw new BadArgument(tool + ": 'participants' is empty; omit it to use the rhythm's default roles");
        }
        if (p.size() > MAX_PARTICIPANTS) {
            throw new BadArgument(tool + ": at most " + MAX_PARTICIPANTS + " participants (was " + p.size() + ")");
        }
        ArrayNode out = JSON.createArrayNode();
        for (int i = 0; i < p.size(); i++) {
            JsonNode one = p.get(i);
            String where = tool + ": participants[" + i + "]";
            if (!one.isObject()) {
                throw new BadArgument(
                        where + " must be an object {name?, role?, agent?, pane?}, not " + Args.kind(one));
            }
            ObjectNode checked = JSON.createObjectNode();
            for (String field : (Iterable<String>) one::fieldNames) {
                if (!PARTICIPANT_FIELDS.contains(field)) {
                    throw new BadArgument(where + " has unknown field '" + field + "'; known: agent, name, pane, role");
                }
                JsonNode v = one.get(field);
                if (v.isNull()) {
                    continue;
                }
                if (!v.isTextual() || v.asText().isBlank()) {
                    throw new BadArgument(where + "." + field + " must be a non-empty string, not " + Args.kind(v));
                }
                checked.put(field, v.asText().strip());
            }
            String role = checked.path("role").asText("speaker");
            // a part's name casts a speaker into it; the daemon knows the rhythm's parts and says them
            if (!ROLE.matcher(role).matches()) {
                throw new BadArgument(where + ".role must be speaker, harvester, human or one of the rhythm's parts"
                        + " (a lower-case word), not '" + role + "'");
            }
            out.add(checked);
        }
        return out;
    }

    @Override
    public String text(ObjectNode result) {
        String id = Render.field(result, "gathering_id", "?");
        return "Started gathering " + id + ". Members:\n" + Render.members(result.path("members"))
                + "\nFollow it with gathering_status(gathering=\"" + id
                + "\"); close it with end_gathering(gathering=\""
                + id + "\").";
    }
}
