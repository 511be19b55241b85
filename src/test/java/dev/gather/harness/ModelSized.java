package dev.gather.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.home.StateDir;
import dev.gather.journal.Transcript;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.IntStream;

/**
 * Messages the size models write, for the keystroke door's live tests: answers of 2, 5, 9, 13 and 40
 * lines and of 2, 3 and 4 paragraphs of about 480 characters. Each starts with a marker of its own,
 * so the fake model's request log tells whether it arrived, and how often.
 */
final class ModelSized {
    private static final String SENTENCE =
            "We looked at the delivery path again and the long answer has to reach the other model whole. ";

    private ModelSized() {}

    /** The messages, each marked {@code <tag>-<n>}. */
    static List<String> messages(String tag) {
        List<String> out = new ArrayList<>();
        int n = 0;
        for (int lines : List.of(2, 5, 9, 13, 40)) {
            String marker = marker(tag, ++n);
            out.add(marker + " has " + lines + " lines.\n"
                    + String.join(
                            "\n",
                            IntStream.rangeClosed(2, lines)
                                    .mapToObj(i -> "Line " + i + ": the function returns early when the list is"
                                            + " empty, so the caller checks it first.")
                                    .toList()));
        }
        for (int paragraphs : List.of(2, 3, 4)) {
            String marker = marker(tag, ++n);
            List<String> ps = new ArrayList<>();
            for (int p = 1; p <= paragraphs; p++) {
                ps.add((p == 1 ? marker + " has " + paragraphs + " paragraphs. " : "Paragraph " + p + ". ")
                        + SENTENCE.repeat(5).strip());
            }
            out.add(String.join("\n\n", ps));
        }
        return out;
    }

    /** Sends one message through the daemon's {@code send} op; its answer. */
    interface Sender {
        JsonNode send(String message) throws IOException;
    }

    /** Queues every message at once, as a human's one-shots with no reply expected. */
    static void queue(List<String> messages, Sender sender) throws IOException {
        for (String m : messages) {
            JsonNode sent = sender.send(m);
            assertTrue(sent.path("ok").asBoolean(true) && !sent.has("error"), sent.toString());
        }
    }

    private static String marker(String tag, int n) {
        return "msg-" + tag + "-" + n;
    }

    /** The marker that starts {@code message}. */
    static String markerOf(String message) {
        return message.substring(0, message.indexOf(' '));
    }

    /** Whether every message reached the model (a turn whose prompt holds it), each at least once. */
    static boolean allArrived(List<String> messages, List<FakeModel.Call> turns) {
        return messages.stream().allMatch(m -> !carrying(turns, m).isEmpty());
    }

    /** Every message reached the model exactly once, whole: its first and last line in one prompt. */
    static void eachOnceAndWhole(List<String> messages, List<FakeModel.Call> turns, String log) {
        for (String m : messages) {
            List<FakeModel.Call> with = carrying(turns, m);
            assertEquals(1, with.size(), markerOf(m) + " reached the model " + with.size() + " times\n" + log);
            String prompt = with.get(0).lastUserText();
            String last = m.strip().lines().reduce((a, b) -> b).orElseThrow();
            assertTrue(prompt.contains(last), markerOf(m) + " arrived cut short: " + prompt);
            assertTrue(
                    prompt.replaceAll("\\s+", " ").contains(m.replaceAll("\\s+", " ")),
                    markerOf(m) + " arrived changed: " + prompt);
        }
    }

    /** Whether the journal has every message's delivery confirmed (the harness's turn on it ended). */
    static boolean allConfirmed(StateDir state, List<String> messages) {
        Path file = state.journals().resolve("oneshot.jsonl");
        if (!Files.exists(file)) {
            return false;
        }
        List<JsonNode> journal = Transcript.read(file);
        Set<Long> confirmed = new HashSet<>();
        Map<String, Long> refs = new HashMap<>();
        for (int i = 0; i < journal.size(); i++) {
            JsonNode e = journal.get(i);
            if (e.path("kind").asText().equals("oneshot")) {
                refs.put(e.path("text").asText(), Transcript.ref(e, i));
            } else if (e.path("kind").asText().equals("delivery")
                    && e.path("state").asText().equals("confirmed")) {
                confirmed.add(e.path("ref").asLong());
            }
        }
        return messages.stream().allMatch(m -> refs.containsKey(m) && confirmed.contains(refs.get(m)));
    }

    private static List<FakeModel.Call> carrying(List<FakeModel.Call> turns, String message) {
        String marker = markerOf(message) + " ";
        Predicate<FakeModel.Call> with = c -> c.lastUserText().contains(marker);
        return turns.stream().filter(with).toList();
    }
}
