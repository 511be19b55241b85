package dev.gather.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What hearing in a digest promises, checked against a gathering's journal and each member's fake
 * model (its request log): a speaker's model runs for its own prompts only (seed, turns, beats), the
 * words relayed as its turn answer its own turn's prompt (no filler), that prompt carries every word
 * said since its last turn, and a harvester's model is asked once for the harvest.
 */
final class DigestChecks {
    /** The private prompts that each start one model turn of their member. */
    private static final Set<String> OWN = Set.of("seed", "turn", "beat", "final_beat");

    private static final Pattern SPOKEN = Pattern.compile("(\\w+) speaks, turn (\\d+)\\.");

    private DigestChecks() {}

    /**
     * Each speaker ({@code turns}: its model's turn requests, by name) was called at most once per own
     * prompt the journal typed to it; every relayed turn of {@link GatheringScripts#speaker} words was
     * its model's answer to its own turn, beat or final beat; and that request carried every word the
     * others said since the speaker's previous turn.
     */
    static void assertSpeakersHeardInADigest(List<JsonNode> journal, Map<String, List<FakeModel.Call>> turns) {
        for (Map.Entry<String, List<FakeModel.Call>> s : turns.entrySet()) {
            long own = journal.stream()
                    .filter(e -> e.path("kind").asText().equals("private"))
                    .filter(e -> e.path("to").asText().equals(s.getKey()))
                    .filter(e -> OWN.contains(e.path("prompt").asText()))
                    .count();
            assertTrue(
                    s.getValue().size() <= own,
                    s.getKey() + "'s model was called " + s.getValue().size() + " times for " + own
                            + " prompts of its own (seed, turns, beats)");
        }
        List<JsonNode> relays = journal.stream()
                .filter(e -> e.path("kind").asText().equals("relay"))
                .toList();
        Map<String, List<String>> unheard = new HashMap<>();
        turns.keySet().forEach(name -> unheard.put(name, new ArrayList<>()));
        for (JsonNode relay : relays) {
            String from = relay.path("from").asText();
            String words = relay.path("text").asText();
            if (turns.containsKey(from)) {
                Matcher spoken = SPOKEN.matcher(words);
                assertTrue(spoken.find() && spoken.group(1).equals(from), "relayed as " + from + "'s turn: " + words);
                FakeModel.Call call = turns.get(from).get(Integer.parseInt(spoken.group(2)) - 1);
                String asked = call.lastUserText();
                assertTrue(
                        asked.contains("The piece is now with " + from + " (")
                                || asked.contains("[Beat")
                                || asked.contains("Your turn is up"),
                        from + "'s relayed words answer a request that was not its own turn (filler): " + asked);
                for (String earlier : unheard.get(from)) {
                    assertTrue(
                            asked.contains(earlier),
                            from + "'s request for its turn lacks what was said since its last turn: " + earlier
                                    + "\nrequest: " + asked);
                }
                unheard.get(from).clear();
            }
            unheard.forEach((name, pending) -> {
                if (!name.equals(from)) {
                    pending.add(words);
                }
            });
        }
    }

    /**
     * The harvester's model ({@code calls}: its turn requests) was asked twice, its seed and the harvest,
     * and the harvest's request carried every relayed word.
     */
    static void assertHarvesterAskedOnce(List<JsonNode> journal, List<FakeModel.Call> calls, String summary) {
        List<FakeModel.Call> harvests = calls.stream()
                .filter(c -> c.lastUserText().contains("The gathering is closing"))
                .toList();
        assertEquals(1, harvests.size(), "one request for the harvest:\n" + summary);
        assertEquals(2, calls.size(), "the harvester's model runs for its seed and the harvest only:\n" + summary);
        for (JsonNode relay : journal) {
            if (relay.path("kind").asText().equals("relay")) {
                assertTrue(
                        harvests.get(0)
                                .lastUserText()
                                .contains(relay.path("text").asText()),
                        "the harvest's request lacks: " + relay.path("text").asText());
            }
        }
    }
}
