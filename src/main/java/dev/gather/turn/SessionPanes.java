package dev.gather.turn;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.door.ClaudeMessaging;
import dev.gather.door.CodexDoors;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Which pane a turn end belongs to when the hook's own {@code TMUX_PANE} cannot be trusted. Codex CLI
 * runs every TUI's turns in one background server started by the first TUI, so its notify program
 * always carries that first pane. Its payload names the turn's thread and the words it answered: a
 * turn whose input is what gather typed into a pane is that pane's, and its thread stays that pane's.
 * A thread gather never typed into that answers with nothing but a JSON {@code {"title": …}} is
 * Codex's title side turn, never a member's turn end. Anything else is left to the hook's own pane.
 * It also keeps what a pane's own hook events (attributed from the process) told about its harness:
 * Claude Code's messaging socket, the door into that pane, and the prompts its turns started with.
 */
public final class SessionPanes {
    /** How many typed texts per pane are remembered while their turn has not ended yet. */
    private static final int REMEMBERED = 16;

    private final Map<String, String> threads = new ConcurrentHashMap<>();
    private final Set<String> sideThreads = ConcurrentHashMap.newKeySet();
    private final Map<String, Deque<String>> typed = new ConcurrentHashMap<>();
    private final Map<String, ClaudeMessaging> claudeDoors = new ConcurrentHashMap<>();
    private final Map<String, Path> claudeTranscripts = new ConcurrentHashMap<>();
    private final List<Consumer<PromptSubmitted>> promptListeners = new CopyOnWriteArrayList<>();
    /** Each pane's thread whose turn ended last: where a message for the pane is queued (Codex's door). */
    private final Map<String, String> latest = new ConcurrentHashMap<>();

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
        latest.remove(pane);
        threads.values().removeIf(pane::equals);
        claudeDoors.remove(pane);
        claudeTranscripts.remove(pane);
    }

    /**
     * {@code event}, already attributed to its pane from its writer's processes, was heard: learns
     * the Claude session's messaging socket it carries (a newer session in the pane replaces an
     * older one; one socket is one pane's only) and tells listeners of a prompt a turn started with.
     */
    public void heard(HookEvent event) {
        if (event.pane().equals("-")) {
            return;
        }
        event.messaging().ifPresent(m -> {
            claudeDoors.entrySet().removeIf(e -> e.getValue().socket().equals(m.socket()));
            claudeDoors.put(event.pane(), m);
            // only a hook whose door was verified as the pane's own Claude names its transcript
            ClaudeNotices.transcript(event).ifPresent(t -> claudeTranscripts.put(event.pane(), t));
        });
        ClaudeNotices.submitted(event).ifPresent(p -> promptListeners.forEach(l -> l.accept(p)));
    }

    /** The Claude Code messaging socket learned for {@code pane}, if its hooks carried one. */
    public Optional<ClaudeMessaging> claudeMessaging(String pane) {
        return Optional.ofNullable(claudeDoors.get(pane));
    }

    /** The transcript of the Claude session whose door {@code pane} has, if its hooks named one. */
    public Optional<Path> claudeTranscript(String pane) {
        return Optional.ofNullable(claudeTranscripts.get(pane));
    }

    /** From now on, {@code listener} hears every prompt a pane's harness started a turn with. */
    public void onPromptSubmitted(Consumer<PromptSubmitted> listener) {
        promptListeners.add(listener);
    }

    /** The pane learned for {@code thread}, if any turn of it was matched to a pane. */
    public Optional<String> paneOfThread(String thread) {
        return Optional.ofNullable(threads.get(thread));
    }

    /** The thread of {@code pane}'s last turn end, once one was matched to the pane. */
    public Optional<String> threadOfPane(String pane) {
        return Optional.ofNullable(latest.get(pane));
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
        // a thread id not shaped like one (--help, ../x) is never learned nor looked up: it would
        // reach codex queue as an option and Codex's sessions folder as a path
        String thread = payload.path("thread-id").asText("");
        if (!CodexDoors.threadId(thread)) {
            thread = "";
        }
        Optional<String> pane = thread.isEmpty() ? Optional.empty() : paneOfThread(thread);
        if (pane.isEmpty()) {
            pane = typedInto(lastInput(payload));
            if (pane.isPresent() && !thread.isEmpty()) {
                threads.put(thread, pane.get());
            }
        }
        if (pane.isPresent()) {
            if (!thread.isEmpty()) {
                latest.put(pane.get(), thread);
            }
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
        } catch (IOException e) {
            return false;
        }
    }

    /** Typed text and the harness's copy of it differ in line endings and surrounding blanks only. */
    private static String normal(String text) {
        return text.replace("\r\n", "\n").replace('\r', '\n').strip().replaceAll("\\s+", " ");
    }
}
