package dev.gather.ops;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.journal.JournalStream;
import dev.gather.server.Dispatcher;
import dev.gather.server.Request;
import dev.gather.server.StreamHandler;
import dev.gather.server.UserError;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * {@code events {link?|gathering?, after?, follow?}}: every journal entry as an event line, of one journal
 * or all, from a cursor, and with {@code follow} on as they are written (docs/protocol.md).
 */
public final class EventsOp implements StreamHandler {
    private final Household d;

    public EventsOp(Household d) {
        this.d = d;
    }

    @Override
    public Stream open(Request r) {
        Optional<String> id = r.optionalText("link").or(() -> r.optionalText("gathering"));
        id.ifPresent(d.journals::choose); // must exist; the error names those that do
        long after = after(r);
        boolean follow = r.flag("follow");
        JournalStream stream = new JournalStream(d.state.journals(), id, after, follow);
        return new Stream() {
            @Override
            public ObjectNode head() {
                ObjectNode head = Dispatcher.JSON.createObjectNode();
                id.ifPresentOrElse(i -> head.put("journal", i), () -> head.putNull("journal"));
                return head.put("after", after).put("follow", follow);
            }

            @Override
            public void run(Consumer<ObjectNode> out, BooleanSupplier gone) throws Exception {
                stream.run(
                        e -> {
                            out.accept(e);
                            return true;
                        },
                        gone);
            }
        };
    }

    private static long after(Request r) {
        JsonNode v = r.args().get("after");
        if (v == null) {
            return 0;
        }
        // null is no number: refused like any other wrong type rather than read as "from the start"
        if (!v.canConvertToLong() || !v.isIntegralNumber() || v.asLong() < 0) {
            throw new UserError("events: 'after' must be an entry number, 0 or more (was " + v + ")");
        }
        return v.asLong();
    }
}
