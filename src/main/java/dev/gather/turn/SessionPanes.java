package dev.gather.turn;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which pane a turn end belongs to when the hook's own {@code TMUX_PANE} cannot be trusted. Codex CLI
 * runs every TUI's turns in one background server started by the first TUI, so its notify program
 * always carries that first pane. Its payload names the turn's thread and the words it answered: a
 * turn whose input is what gather typed into a pane is that pane's, and its thread stays that pane's.
 * A thread gather never typed into that answers with nothing but a JSON {@code {"title": …}} is
 * Codex's title side turn, never a member's turn end. Anything else is left to the hook's own pane.
 */
public final class SessionPanes {
    /** How many typed texts per pane are remembered while their turn has not ended yet. */
    private static final int REMEMBERED = 16;

    private final Map<String, String> threads = new ConcurrentHashMap<>();
    private final Set<String> sideThreads = ConcurrentHashMap.newKeySet();
    private final Map<String, Deque<String>> typed = new ConcurrentHashMap<>();

    /** Gather is about to type {@code text} into {@code pane}. */
    public void typed(String pane, String text) {
        Deque<String> texts = typed.computeIfAbsent(pane, p -> new ArrayDeque<>());
        synchronized (texts) {
            texts.addLast(normal(text));
            while (texts.size() > REMEMBERED) {
                texts.removeFirst();
            }
        }
    }

    /** {@code pane} is gone: what was learned about it no longer holds. */
    public void forget(String pane) {
        typed.remove(pane);
        threads.values().removeIf(pane::equals);
    }

    /** The pane learned for {@code thread}, if any turn of it was matched to a pane. */
    public Optional<String> paneOfThread(String thread) {
        return Optional.ofNullable(threads.get(thread));
    }

    /** What an event's payload says about its pane. */
    public sealed interface Judgement {}

    /** The payload names the pane: {@code id}. */
    public record Pane(String id) implements Judgement {}

    /** A side turn of the harness (Codex's thread title): no member's turn end. */
    public record SideTurn() implements Judgement {}

    /** The payload says nothing: the hook's own pane (its resolver) decides. */
    public record Unknown() implements Judgement {}

    /** Judges {@code event} by its payload; learns the thread of a turn gather typed. */
    public Judgement judge(HookEvent event) {
        if (!"codex".equals(event.harness())) {
            return new Unknown();
        }
        JsonNode payload;
        try {
            payload = Json.object(event.payload(), "codex notify");
        } catch (HookRejected e) {
            return new Unknown();
        }
        String thread = payload.path("thread-id").asText("");
        Optional<String> pane = thread.isEmpty() ? Optional.empty() : paneOfThread(thread);
        if (pane.isEmpty()) {
            pane = typedInto(lastInput(payload));
            if (pane.isPresent() && !thread.isEmpty()) {
                threads.put(thread, pane.get());
            }
        }
        if (pane.isPresent()) {
            return new Pane(pane.get());
        }
        if (sideThreads.contains(thread) || onlyATitle(payload)) {
            if (!thread.isEmpty()) {
                sideThreads.add(thread);
            }
            return new SideTurn();
        }
        return new Unknown();
    }

    /** The pane gather typed {@code input} into (consumed: a text typed once ends one turn). */
    private Optional<String> typedInto(String input) {
        if (input.isEmpty()) {
            return Optional.empty();
        }
        for (Map.Entry<String, Deque<String>> e : typed.entrySet()) {
            Deque<String> texts = e.getValue();
            synchronized (texts) {
                if (texts.removeFirstOccurrence(input)) {
                    return Optional.of(e.getKey());
                }
            }
        }
        return Optional.empty();
    }

    private static String lastInput(JsonNode payload) {
        JsonNode inputs = payload.path("input-messages");
        return inputs.isArray() && !inputs.isEmpty()
                ? normal(inputs.get(inputs.size() - 1).asText(""))
                : "";
    }

    /** Whether the turn's whole answer is a JSON object holding one string, {@code title}. */
    private static boolean onlyATitle(JsonNode payload) {
        String last = payload.path("last-assistant-message").asText("").strip();
        if (!last.startsWith("{")) {
            return false;
        }
        try {
            JsonNode answer = Json.MAPPER.readTree(last);
            return answer != null
                    && answer.isObject()
                    && answer.size() == 1
                    && answer.path("title").isTextual();
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** Typed text and the harness's copy of it differ in line endings and surrounding blanks only. */
    private static String normal(String text) {
        return text.replace("\r\n", "\n").replace('\r', '\n').strip().replaceAll("\\s+", " ");
    }
}
