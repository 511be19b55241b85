package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.delivery.DeliveryState;
import dev.gather.journal.Transcript;
import dev.gather.tmux.Pane;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Starting gatherings of sims in a {@link World} and reading their journals, for the end-to-end tests. */
final class Ceremonies {
    private static final Set<String> TYPED = Set.of("relay", "private", "announce");

    private Ceremonies() {}

    /** Arguments for start_gathering of {@code rhythm} with short beats and participants "name:role:agent". */
    static ObjectNode args(String rhythm, String... participants) {
        ObjectNode args = World.args()
                .put("rhythm", rhythm)
                .put("beats_per_turn", 1)
                .put("beat_interval_seconds", 2)
                .put("grace_seconds", 2);
        return withParticipants(args, participants);
    }

    /** Arguments for start_gathering of the minimal rhythm, {@code beats} beats a turn {@code seconds} apart. */
    static ObjectNode minimal(int beats, int seconds) {
        return World.args()
                .put("rhythm", "minimal")
                .put("beats_per_turn", beats)
                .put("beat_interval_seconds", seconds);
    }

    /** Arguments for start_gathering of {@code rhythm} (short beats) with Ada and Bo speaking and Hal harvesting, all sims. */
    static ObjectNode adaBoAndHal(String rhythm) {
        return args(rhythm, "Ada:speaker:speaker", "Bo:speaker:speaker", "Hal:harvester:harvester");
    }

    /** {@code args} with participants "name:role:agent": an empty role is left to the rhythm, a missing agent too. */
    static ObjectNode withParticipants(ObjectNode args, String... participants) {
        ArrayNode ps = args.putArray("participants");
        for (String p : participants) {
            String[] f = p.split(":", 3);
            ObjectNode o = ps.addObject().put("name", f[0]);
            if (f.length > 1 && !f[1].isEmpty()) {
                o.put("role", f[1]);
            }
            if (f.length > 2) {
                o.put("agent", f[2]);
            }
        }
        return args;
    }

    /** Starts a gathering of {@code participants} ("name:role:agent") with {@code args}; returns the start answer. */
    static JsonNode start(World world, ObjectNode args, String... participants) throws Exception {
        return start(world, withParticipants(args, participants));
    }

    /** Starts a gathering; returns the start answer (gathering_id, members with panes). */
    static JsonNode start(World world, ObjectNode args) throws Exception {
        JsonNode started = world.call(null, "start_gathering", args);
        assertTrue(started.path("ok").asBoolean(), started.toString());
        return started;
    }

    /** The pane of member {@code name} in a start answer, as a client in it would call from. */
    static Pane pane(JsonNode started, String name) {
        for (JsonNode m : started.path("members")) {
            if (m.path("name").asText().equals(name)) {
                return new Pane(m.path("pane").asText(), name, 0, "", false);
            }
        }
        throw new IllegalArgumentException("no member " + name + " in " + started);
    }

    static JsonNode status(World world, String id) throws Exception {
        return world.call(null, "gathering_status", World.args().put("gathering", id));
    }

    static String holder(World world, String id) throws Exception {
        return status(world, id).path("holder").asText("");
    }

    /** Texts of the announcements of {@code prompt}, in order. */
    static List<String> announced(World world, String id, String prompt) {
        return world.entries(id, "announce").stream()
                .filter(e -> e.path("prompt").asText().equals(prompt))
                .map(e -> e.path("text").asText())
                .toList();
    }

    /**
     * The journal after the close: nothing new is relayed, prompted or announced, and the only
     * messages typed after it are the closing words themselves; still so a second later (typing runs on
     * the post office's threads: a letter begun just after the close is journalled just after the read).
     */
    static void assertNothingTypedAfterClose(World world, String id) {
        await().during(Duration.ofSeconds(1))
                .atMost(Duration.ofSeconds(5))
                .untilAsserted(() -> nothingTypedAfterClose(world, id));
    }

    private static void nothingTypedAfterClose(World world, String id) {
        List<JsonNode> journal = world.journal(id);
        int close = -1;
        long closingRef = -1;
        for (int i = 0; i < journal.size(); i++) {
            JsonNode e = journal.get(i);
            if (e.path("kind").asText().equals("announce")
                    && e.path("prompt").asText().equals("closing")) {
                closingRef = i + 1;
            }
            if (e.path("kind").asText().equals("close")) {
                close = i;
                break;
            }
        }
        assertTrue(close >= 0, () -> "no close entry in " + journal);
        assertTrue(closingRef > 0, () -> "the close was not announced: " + journal);
        List<String> after = new ArrayList<>();
        for (int i = close + 1; i < journal.size(); i++) {
            JsonNode e = journal.get(i);
            String kind = e.path("kind").asText();
            if (TYPED.contains(kind)) {
                after.add(e.toString());
            }
            // a message whose typing began before the close may finish after it; none may begin
            if (kind.equals("delivery")
                    && e.path("state").asText().equals("typing")
                    && !e.path("text").asText().equals(DeliveryState.PASTED)
                    && e.path("ref").asLong() != closingRef) {
                after.add(e.toString());
            }
        }
        assertEquals(List.of(), after, "typed after the close");
    }

    /**
     * A whole ceremony's journal: the piece went to {@code speakers} in order for {@code rounds}
     * rounds (no turn skipped, none begun twice), every turn was heard, and every relayed turn is
     * relayed exactly once, by its holder.
     */
    static void assertEveryTurnOnceInOrder(List<JsonNode> journal, List<String> speakers, int rounds) {
        String dump = String.join("\n", Transcript.readable(journal));
        List<String> holders = new ArrayList<>();
        List<Integer> relaysPerTurn = new ArrayList<>();
        Set<String> relayed = new HashSet<>();
        for (JsonNode e : journal) {
            String kind = e.path("kind").asText();
            if (kind.equals("announce") && e.path("prompt").asText().equals("turn")) {
                holders.add(e.path("member").asText());
                relaysPerTurn.add(0);
            } else if (kind.equals("relay")) {
                String words = e.path("from").asText() + ": " + e.path("text").asText();
                assertTrue(relayed.add(words), () -> "relayed twice: " + words + "\n" + dump);
                assertFalse(holders.isEmpty(), () -> "relayed before any turn\n" + dump);
                assertEquals(
                        holders.get(holders.size() - 1),
                        e.path("from").asText(),
                        () -> "only the holder is relayed\n" + dump);
                relaysPerTurn.set(relaysPerTurn.size() - 1, relaysPerTurn.get(relaysPerTurn.size() - 1) + 1);
            }
        }
        List<String> order = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            order.addAll(speakers);
        }
        assertEquals(order, holders, () -> "every turn once, in order, none skipped or begun twice\n" + dump);
        assertTrue(
                relaysPerTurn.stream().allMatch(n -> n >= 1),
                () -> "every turn was heard: " + relaysPerTurn + "\n" + dump);
    }

    /** Whether {@code name} held the piece (a turn announcement) after journal entry {@code from}. */
    static boolean heldAfter(World world, String id, String name, int from) {
        List<JsonNode> journal = world.journal(id);
        for (int i = from; i < journal.size(); i++) {
            JsonNode e = journal.get(i);
            if (e.path("prompt").asText().equals("turn")
                    && e.path("text").asText().startsWith("The piece is now with " + name + " ")) {
                return true;
            }
        }
        return false;
    }

    /** The index of the first entry of {@code kind} naming {@code name} (from/to), or fails. */
    static int indexOf(World world, String id, String kind, String name) {
        List<JsonNode> journal = world.journal(id);
        for (int i = 0; i < journal.size(); i++) {
            JsonNode e = journal.get(i);
            if (e.path("kind").asText().equals(kind)
                    && (e.path("from").asText().equals(name)
                            || e.path("to").asText().equals(name))) {
                return i;
            }
        }
        assertFalse(true, "no " + kind + " of " + name + " in " + journal);
        return -1;
    }
}
