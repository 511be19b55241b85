package dev.gather.rehearsal;

import dev.gather.link.Role;
import dev.gather.rhythm.Roles;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * One scripted member of a rehearsal: its name, role and behaviour, and the rhythm's part it was cast
 * into by name, if any (a speaker then).
 */
public record Part(String name, Role role, Behaviour behaviour, Optional<String> cast) {
    public Part {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(behaviour, "behaviour");
        Objects.requireNonNull(cast, "cast");
        if (name == null || !name.matches("[A-Za-z][\\w-]{0,31}")) {
            throw new IllegalArgumentException(
                    "a member's name is a letter then letters, digits, '-' or '_' (found '" + name + "')");
        }
    }

    /** A member cast into no part by name. */
    public Part(String name, Role role, Behaviour behaviour) {
        this(name, role, behaviour, Optional.empty());
    }

    /** What this member does, in a few words: a harvester that answers writes the harvest when asked. */
    public String means() {
        return role == Role.HARVESTER && behaviour != Behaviour.SILENT && behaviour != Behaviour.SLOW
                ? "writes the harvest at once when asked"
                : behaviour.means();
    }

    /** {@code Name[:role[:behaviour]]}, as {@code gather rehearse -p} takes it (role speaker, behaviour answers by default). */
    public static Part parse(String spec) {
        String[] p = spec.split(":", -1);
        if (p.length > 3) {
            throw new IllegalArgumentException("-p takes Name[:role[:behaviour]] (found '" + spec + "')");
        }
        String word = p.length > 1 && !p[1].isBlank() ? p[1].strip().toLowerCase(Locale.ROOT) : "speaker";
        Behaviour b = p.length > 2 && !p[2].isBlank() ? Behaviour.of(p[2]) : Behaviour.ANSWERS;
        Optional<Role> role = role(word);
        if (role.isEmpty() && !word.matches("[a-z][a-z0-9-]{0,30}")) {
            throw new IllegalArgumentException(
                    "unknown role '" + word + "'; known: speaker, harvester, human, or one of the rhythm's parts");
        }
        // any other word casts a speaker into the rhythm's part of that name (the gathering checks it has one)
        return new Part(
                p[0].strip(), role.orElse(Role.SPEAKER), b, role.isPresent() ? Optional.empty() : Optional.of(word));
    }

    private static Optional<Role> role(String word) {
        return Arrays.stream(Role.values())
                .filter(r -> r.name().equalsIgnoreCase(word))
                .findFirst();
    }

    /**
     * The cast a rhythm asks for when none is given: its fewest speakers (at least two) who answer,
     * and a harvester when it has one, named as the tests' circles are.
     */
    public static List<Part> defaults(Roles roles) {
        List<String> names = List.of("Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Ivy", "Jo", "Kai", "Lu", "Mo");
        List<Part> parts = new ArrayList<>();
        int speakers = Math.min(Math.max(2, roles.minSpeakers()), Math.max(1, roles.maxSpeakers()));
        // past the named twelve, numbered ones: a rhythm that needs 32 speakers was rehearsed with 12,
        // which the gathering refused, and the editor answered HTTP 500
        for (int i = 0; i < speakers; i++) {
            parts.add(new Part(i < names.size() ? names.get(i) : "Speaker" + (i + 1), Role.SPEAKER, Behaviour.ANSWERS));
        }
        if (roles.harvesters() > 0) {
            parts.add(new Part("Hal", Role.HARVESTER, Behaviour.ANSWERS));
        }
        return parts;
    }
}
