package dev.gather.ops;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.link.Names;
import dev.gather.link.Role;
import dev.gather.rhythm.RolePart;
import dev.gather.rhythm.Roles;
import dev.gather.server.Request;
import dev.gather.server.UserError;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The participants a {@code start_gathering} asks for, read from its request and checked against the
 * rhythm's roles (counts, a human's place, names, parts cast once) before anything is spawned.
 */
final class Participants {
    static final List<String> NAMES =
            List.of("Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Ivy", "Jo", "Kai", "Lu", "Mo");
    private static final Set<String> FIELDS = Set.of("name", "role", "agent", "pane");
    private static final Set<String> ROLES = Set.of("speaker", "harvester", "human");

    private Participants() {}

    /**
     * One participant as asked for: an agent kind to spawn, or an existing pane ({@code %12} here,
     * {@code computer:%12} on another computer); {@code part}: the rhythm's part it is cast into.
     */
    record Participant(String name, Role role, String agent, Optional<String> pane, Optional<String> part) {
        Participant(String name, Role role, String agent) {
            this(name, role, agent, Optional.empty(), Optional.empty());
        }
    }

    /** The request's participants, or the rhythm's default circle of sims when it names none. */
    static List<Participant> of(Request r, String rhythm, Roles roles) {
        List<Participant> out = new ArrayList<>();
        JsonNode given = r.args().get("participants");
        if (given == null) {
            for (int i = 0; i < roles.minSpeakers(); i++) {
                out.add(new Participant(NAMES.get(i), Role.SPEAKER, "sim"));
            }
            if (roles.harvesters() > 0) {
                out.add(new Participant("Hal", Role.HARVESTER, "sim"));
            }
            return out;
        }
        // anything but a non-empty list is a mistake, not a request for the default circle
        if (!given.isArray()) {
            throw new UserError("start_gathering: 'participants' must be a list of {name?, role?, agent?, pane?}, not "
                    + Request.kind(given) + " (leave it out for the rhythm's default)");
        }
        if (given.isEmpty()) {
            throw new UserError("start_gathering: 'participants' is empty (leave it out for the rhythm's default)");
        }
        int i = 0;
        for (JsonNode p : given) {
            String where = "start_gathering: participants[" + i + "]";
            if (!p.isObject()) {
                throw new UserError(where + " must be an object {name?, role?, agent?, pane?}, not " + Request.kind(p));
            }
            for (String field : (Iterable<String>) p::fieldNames) {
                JsonNode v = p.get(field);
                if (!FIELDS.contains(field)) {
                    throw new UserError(where + " has unknown field '" + field + "'; known: agent, name, pane, role");
                }
                if (!v.isTextual() || v.asText().isBlank()) {
                    throw new UserError(where + "." + field + " must be non-empty text, not " + Request.kind(v));
                }
            }
            // a part of the rhythm (-p Bo:skeptic:codex) casts a speaker into it by name
            String word = p.path("role").asText("speaker").toLowerCase(Locale.ROOT);
            Optional<String> part = roles.parts().stream()
                    .map(RolePart::name)
                    .filter(word::equals)
                    .findFirst();
            if (part.isEmpty() && !ROLES.contains(word)) {
                throw new UserError(where + ".role: " + roles.unknownPart(rhythm, word));
            }
            Role role = part.isPresent() ? Role.SPEAKER : role(word);
            String name = !p.has("name")
                    ? (role == Role.HARVESTER ? "Hal" : role == Role.HUMAN ? "Human" : NAMES.get(i % NAMES.size()))
                    : p.path("name").asText();
            if (!name.matches("[A-Za-z][A-Za-z0-9_-]{0,30}")) {
                throw new UserError("start_gathering: participant name '" + name
                        + "' must be a word of letters, digits, '-' or '_'");
            }
            Optional<String> pane = p.has("pane") ? Optional.of(p.path("pane").asText()) : Optional.empty();
            out.add(new Participant(name, role, p.path("agent").asText("sim"), pane, part));
            i++;
        }
        long speakers = out.stream().filter(p -> p.role() != Role.HARVESTER).count();
        long harvesters = out.stream().filter(p -> p.role() == Role.HARVESTER).count();
        long humans = out.stream().filter(p -> p.role() == Role.HUMAN).count();
        if (speakers < roles.minSpeakers() || speakers > roles.maxSpeakers()) {
            throw new UserError("start_gathering: this rhythm needs " + roles.minSpeakers() + " to "
                    + roles.maxSpeakers() + " speakers (humans count), got " + speakers);
        }
        if (harvesters > roles.harvesters()) {
            throw new UserError(
                    "start_gathering: this rhythm allows " + roles.harvesters() + " harvester(s), got " + harvesters);
        }
        if (humans > 0 && roles.human() == Roles.HumanRole.NONE) {
            throw new UserError("start_gathering: this rhythm has no place for a human");
        }
        if (humans == 0 && roles.human() == Roles.HumanRole.REQUIRED) {
            throw new UserError("start_gathering: this rhythm needs a human participant (role: human)");
        }
        // different to the eye, not only letter for letter: Ada and Аda (Cyrillic А) are one name
        if (out.stream().map(p -> Names.fold(p.name())).distinct().count() != out.size()) {
            throw new UserError("start_gathering: participant names must be different (to the eye, too)");
        }
        Map<String, String> cast = new HashMap<>();
        for (Participant p : out) {
            String other = p.part().map(x -> cast.putIfAbsent(x, p.name())).orElse(null);
            if (other != null) {
                throw new UserError("start_gathering: " + other + " and " + p.name() + " are both cast as "
                        + p.part().get() + "; rhythm " + rhythm + " has one "
                        + p.part().get());
            }
        }
        return out;
    }

    /** Who the participants cast into a part by name: member name to part. */
    static Map<String, String> cast(List<Participant> participants) {
        Map<String, String> cast = new HashMap<>();
        participants.forEach(p -> p.part().ifPresent(x -> cast.put(p.name(), x)));
        return cast;
    }

    private static Role role(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "speaker" -> Role.SPEAKER;
            case "harvester" -> Role.HARVESTER;
            case "human" -> Role.HUMAN;
            default -> throw new UserError(
                    "start_gathering: role must be speaker, harvester or human (found '" + text + "')");
        };
    }
}
