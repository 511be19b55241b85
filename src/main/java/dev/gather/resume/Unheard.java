package dev.gather.resume;

import dev.gather.gathering.Untold;
import dev.gather.journal.Line;
import dev.gather.journal.Message;
import dev.gather.link.Attribution;
import dev.gather.link.Member;
import dev.gather.link.Role;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What each member of a gathering that hears in a digest was not yet told when its daemon stopped:
 * every message kept for it (the entry's {@code held}) since the last prompt typed to it, each as it
 * would have been typed. A restarted daemon gives it with the member's next prompt, as the last would have.
 */
final class Unheard {
    private Unheard() {}

    static Map<String, List<Untold>> of(List<Line> lines) {
        Map<String, List<Untold>> unheard = new HashMap<>();
        for (Line l : lines) {
            if (l.entry() instanceof Message.Private p) {
                // every prompt to an agent carries what it was kept
                unheard.remove(p.to());
            } else if (l.entry() instanceof Message.Relay r) {
                // relayed words carry their attribution
                Member from = new Member(r.from(), r.fromNumber(), Role.SPEAKER, Optional.empty());
                keep(unheard, r.held(), Untold.said(Attribution.of(from, r.text())));
            } else if (l.entry() instanceof Message.Announce a) {
                keep(unheard, a.held(), Untold.announced(a.prompt(), a.text()));
            }
        }
        return unheard;
    }

    private static void keep(Map<String, List<Untold>> unheard, List<String> held, Untold u) {
        held.forEach(n -> Untold.keep(unheard.computeIfAbsent(n, k -> new ArrayList<>()), u));
    }
}
