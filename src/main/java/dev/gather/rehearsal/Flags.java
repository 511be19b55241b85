package dev.gather.rehearsal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.gathering.Gathering;
import dev.gather.link.Role;
import dev.gather.rhythm.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/** What a designer should look at in a rehearsal: a gathering that does not finish, a member never heard. */
final class Flags {
    private Flags() {}

    static List<String> of(
            Gathering g, Collection<Player> players, List<ObjectNode> entries, Duration took, String stop) {
        List<String> flags = new ArrayList<>();
        if (!g.closed()) {
            flags.add("does not finish: after " + Durations.format(took) + " of virtual time the gathering is still "
                    + g.status().state().name().toLowerCase(Locale.ROOT) + ", and " + stop);
        }
        for (Player p : players) {
            String name = p.member().name();
            if (p.member().role() == Role.HARVESTER) {
                if (entries.stream()
                        .noneMatch(e ->
                                kind(e, "harvest") && e.path("from").asText().equals(name))) {
                    flags.add(name + " (harvester, " + p.behaviour().means() + ") wrote no harvest");
                }
                continue;
            }
            boolean held = entries.stream()
                    .anyMatch(e -> kind(e, "announce")
                            && e.path("prompt").asText().equals("turn")
                            && e.path("member").asText().equals(name));
            boolean heard = entries.stream()
                    .anyMatch(e -> kind(e, "relay") && e.path("from").asText().equals(name));
            if (!held) {
                flags.add(name + " never held the piece");
            } else if (!heard) {
                flags.add(name + " (" + p.behaviour().means() + ") held the piece but was never heard by the others");
            }
        }
        return flags;
    }

    private static boolean kind(ObjectNode e, String kind) {
        return e.path("kind").asText().equals(kind);
    }
}
