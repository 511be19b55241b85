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
        if (e instanceof Effect.Relay r) {
            o.put("kind", "relay")
                    .put("from", r.from().name())
                    .put("from_number", r.from().number());
            present.stream()
                    .filter(m -> !m.equals(r.from()) && !r.held().contains(m))
                    .forEach(m -> o.withArray("to").add(m.name()));
            held(o, r.held());
            o.put("text", r.text());
        } else if (e instanceof Effect.Confide c) {
            o.put("kind", "relay")
                    .put("from", c.from().name())
                    .put("from_number", c.from().number())
                    .put("voice", "private");
            c.to().stream().filter(m -> !c.held().contains(m)).forEach(m -> o.withArray("to")
                    .add(m.name()));
            held(o, c.held());
            o.put("text", c.text());
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

    /** Names the members an entry is kept for until their own turn (digest hearing), as the relay does. */
    private static void held(ObjectNode o, List<Member> held) {
        held.forEach(m -> o.withArray("held").add(m.name()));
    }

    /** Who finds {@code e} typed into their pane, and as what: as the relay delivers it. */
    static List<Delivery> deliveries(Effect e, List<Member> present) {
        List<Delivery> out = new ArrayList<>();
        if (e instanceof Effect.Relay r) {
            String typed = Attribution.of(r.from(), r.text());
            present.stream()
                    .filter(m -> !m.equals(r.from()) && !r.held().contains(m))
                    .forEach(m -> out.add(new Delivery(m, "relay", "relay", Optional.of(r.from()), typed)));
        } else if (e instanceof Effect.Confide c) {
            String typed = Attribution.of(c.from(), c.text());
            c.to().stream()
                    .filter(m -> !c.held().contains(m))
                    .forEach(m -> out.add(new Delivery(m, "relay", "relay", Optional.of(c.from()), typed)));
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
