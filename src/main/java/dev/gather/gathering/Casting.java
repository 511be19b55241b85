package dev.gather.gathering;

import dev.gather.link.Member;
import dev.gather.rhythm.RolePart;
import dev.gather.rhythm.Roles;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Who plays which of a rhythm's parts: those the starter cast by name play theirs, and each part
 * nobody was cast into goes to the first speaker, in speaking order, who plays none yet. Fixed at the
 * start, so a member who joins later moves nobody out of a part.
 */
final class Casting {
    private Casting() {}

    /**
     * The parts of {@code speakers} (in speaking order), {@code byName} mapping a member's name to the
     * part it was cast into; an unknown part, a member who is no speaker or a part cast twice is refused.
     */
    static Map<Member, RolePart> of(String rhythm, Roles roles, List<Member> speakers, Map<String, String> byName) {
        Map<String, RolePart> parts = new LinkedHashMap<>();
        roles.parts().forEach(p -> parts.put(p.name(), p));
        Map<Member, RolePart> cast = new LinkedHashMap<>();
        Map<String, String> player = new HashMap<>();
        byName.keySet().stream()
                .filter(name -> speakers.stream().noneMatch(x -> x.name().equals(name)))
                .findFirst()
                .ifPresent(name -> {
                    throw new IllegalArgumentException(name + " cannot play " + byName.get(name)
                            + ": only a speaker of the gathering plays a part");
                });
        for (Member m : speakers) {
            String part = byName.get(m.name());
            if (part == null) {
                continue;
            }
            RolePart p = Optional.ofNullable(parts.get(part))
                    .orElseThrow(() -> new IllegalArgumentException(roles.unknownPart(rhythm, part)));
            String before = player.putIfAbsent(part, m.name());
            if (before != null) {
                throw new IllegalArgumentException("part " + part + " of rhythm " + rhythm + " is cast twice (" + before
                        + ", " + m.name() + "); each part has one player");
            }
            cast.put(m, p);
        }
        Iterator<RolePart> free = parts.values().stream()
                .filter(p -> !player.containsKey(p.name()))
                .toList()
                .iterator();
        for (Member m : speakers) {
            if (!free.hasNext()) {
                break;
            }
            cast.computeIfAbsent(m, x -> free.next());
        }
        return cast;
    }
}
