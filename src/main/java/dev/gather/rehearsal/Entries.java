package dev.gather.rehearsal;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.gathering.Effect;
import dev.gather.link.Attribution;
import dev.gather.link.Member;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * An effect of the machine as a real gathering journals it and who would find it typed into their
 * pane: the same shapes the daemon's effect runner and relay write, so a rehearsal's timeline reads
 * (and compares) like a gathering's journal.
 */
final class Entries {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private Entries() {}

    /** The journal entry of {@code e}, or none for an effect the journal has no line for. */
    static Optional<ObjectNode> of(Effect e, List<Member> present) {
        ObjectNode o = JSON.objectNode();
        Optional<Spoken> spoken = Spoken.of(e, present);
        if (spoken.isPresent()) {
            Spoken s = spoken.get();
            o.put("kind", "relay")
                    .put("from", s.from().name())
                    .put("from_number", s.from().number());
            if (s.confided()) {
                o.put("voice", "private");
            }
            s.to().forEach(m -> o.withArray("to").add(m.name()));
            held(o, s.held());
            o.put("text", s.text());
        } else if (e instanceof Effect.Inject i) {
            o.put("kind", "private")
                    .put("prompt", i.kind().word())
                    .put("to", i.to().name())
                    .put("text", i.text());
        } else if (e instanceof Effect.Announce a) {
            o.put("kind", "announce").put("prompt", a.kind().word()).put("text", a.text());
            a.about().ifPresent(m -> o.put("member", m.name()));
            held(o, a.held());
        } else if (e instanceof Effect.OutOfTurn t) {
            o.put("kind", "out_of_turn").put("from", t.from().name()).put("text", t.text());
        } else if (e instanceof Effect.Late l) {
            o.put("kind", "late").put("from", l.from().name()).put("text", l.text());
        } else if (e instanceof Effect.Note n) {
            o.put("kind", n.kind().name().toLowerCase(Locale.ROOT)).put("text", n.text());
        } else if (e instanceof Effect.HarvestStored h) {
            o.put("kind", "harvest").put("from", h.by().name()).put("text", h.text());
        } else if (e instanceof Effect.Closed c) {
            o.put("kind", "close").put("text", c.reason());
        } else {
            return Optional.empty();
        }
        return Optional.of(o);
    }

    /**
     * A member's words as the relay types them: by whom, to whom now (a relay to everyone present but
     * its speaker, a confidence to those it names; neither to whom it is kept for), and whether in
     * confidence. The journal entry and the deliveries are both read from it, so they cannot disagree.
     */
    private record Spoken(Member from, List<Member> to, List<Member> held, String text, boolean confided) {
        static Optional<Spoken> of(Effect e, List<Member> present) {
            if (e instanceof Effect.Relay r) {
                List<Member> to = present.stream()
                        .filter(m -> !m.equals(r.from()) && !r.held().contains(m))
                        .toList();
                return Optional.of(new Spoken(r.from(), to, r.held(), r.text(), false));
            }
            if (e instanceof Effect.Confide c) {
                List<Member> to =
                        c.to().stream().filter(m -> !c.held().contains(m)).toList();
                return Optional.of(new Spoken(c.from(), to, c.held(), c.text(), true));
            }
            return Optional.empty();
        }
    }

    /** Names the members an entry is kept for until their own turn (digest hearing), as the relay does. */
    private static void held(ObjectNode o, List<Member> held) {
        held.forEach(m -> o.withArray("held").add(m.name()));
    }

    /** Who finds {@code e} typed into their pane, and as what: as the relay delivers it. */
    static List<Delivery> deliveries(Effect e, List<Member> present) {
        List<Delivery> out = new ArrayList<>();
        Optional<Spoken> spoken = Spoken.of(e, present);
        if (spoken.isPresent()) {
            Spoken s = spoken.get();
            String typed = Attribution.of(s.from(), s.text());
            s.to().forEach(m -> out.add(new Delivery(m, "relay", "relay", Optional.of(s.from()), typed)));
        } else if (e instanceof Effect.Inject i) {
            out.add(new Delivery(i.to(), "private", i.kind().word(), Optional.empty(), i.text()));
        } else if (e instanceof Effect.Announce a) {
            // who left is not told so; who joined gets its seed instead (as the relay does)
            boolean others = a.kind().sparesItsMember();
            present.stream()
                    .filter(m -> !(others && a.about().filter(m::equals).isPresent()))
                    .filter(m -> !a.held().contains(m))
                    .forEach(m -> out.add(new Delivery(m, "announce", a.kind().word(), a.about(), a.text())));
        }
        return out;
    }
}
