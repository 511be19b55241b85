package dev.gather.turn;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.door.ClaudeMessaging;
import dev.gather.door.CodexDoors;
import dev.gather.door.HarnessCopy;
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
import java.util.function.Predicate;

/**
 * Which pane a turn end belongs to when the hook's own {@code TMUX_PANE} cannot be trusted. Codex CLI
 * runs every TUI's turns in one background server started by the first TUI, so its notify program
 * always carries that first pane. Its payload names the turn's thread and the words it answered: a
 * turn whose input is what gather typed into a pane is that pane's, and its thread stays that pane's.
 * A thread gather never typed into that answers with nothing but a JSON {@code {"title": …}} is
 * Codex's title side turn, never a member's turn end. Anything else is left to the hook's own pane.
 * A thread is also bound to the pane its turn ends were first reported from (the pane whose process
 * tree runs that Codex: the shared server's first pane, or the thread's own pane when it runs a
 * Codex of its own), and so is the pane it was learned for: a notify naming a thread, or answering
 * text gather typed into a pane, from any other pane's process is refused, never taken as that
 * pane's turn (issue 35: another Codex pane naming Ada's thread was taken as Ada).
 * It also keeps what a pane's own hook events (attributed from the process) told about its harness:
 * Claude Code's messaging socket, the door into that pane, and the prompts its turns started with.
 */
public final class SessionPanes {
    /** How many typed texts per pane are remembered while their turn has not ended yet. */
    private static final int REMEMBERED = 16;

    private final Map<String, String> threads = new ConcurrentHashMap<>();
    /** Each learned thread's reporter: the pane whose process reported the turn it was learned from. */
    private final Map<String, String> reporters = new ConcurrentHashMap<>();
    /** Each pane's reporter, from the first thread learned for it: who may report its turns. */
    private final Map<String, String> paneReporters = new ConcurrentHashMap<>();

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
            texts.addLast(HarnessCopy.normal(text));
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
        paneReporters.remove(pane);
        // what a gone pane reported (its Codex server ran other panes' threads) is learned anew, from
        // whoever reports those panes' turns next, by what gather types into them
        paneReporters.values().removeIf(pane::equals);
        reporters.values().removeIf(pane::equals);
        threads.keySet().retainAll(reporters.keySet());
        reporters.keySet().retainAll(threads.keySet());
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

    /**
     * The pane learned for {@code thread}, for a caller in pane {@code reporter}: only when that
     * thread's turns were reported from {@code reporter}, the pane whose process tree runs its Codex.
     */
    public Optional<String> paneOfThread(String thread, String reporter) {
        return Optional.ofNullable(threads.get(thread)).filter(p -> reporter.equals(reporters.get(thread)));
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

    /** The payload names another pane's turn, and its writer is not the one that reports that pane's: {@code why}. */
    public record Refused(String why) implements Judgement {}

    /** Judges {@code event} by its payload as reported from the pane {@code event} names (tests). */
    public Judgement judge(HookEvent event) {
        return judge(event, event.pane());
    }

    /**
     * Judges {@code event}, written from a process in pane {@code writer}, by its payload; learns the
     * thread of a turn gather typed, bound to {@code writer} as its reporter.
     */
    public Judgement judge(HookEvent event, String writer) {
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
        if (pane.isPresent()) {
            Optional<String> other = Optional.ofNullable(reporters.get(thread)).filter(r -> !r.equals(writer));
            if (other.isPresent()) {
                return new Refused("it names Codex thread " + thread + " of pane " + pane.get() + ", whose turns are"
                        + " reported from pane " + other.get() + ", but was written from pane " + writer
                        + "; a Codex notify speaks only for the threads its own Codex runs");
            }
        }
        if (pane.isEmpty()) {
            String input = lastInput(payload);
            pane = typedInto(input, writer);
            if (pane.isEmpty()) {
                Optional<String> into = typedPane(input, p -> true, false);
                if (into.isPresent()) {
                    // the typed text stays for the turn of the Codex that does run that pane's turns
                    return new Refused("it answers what gather typed into pane " + into.get() + ", whose turns are"
                            + " reported from pane " + paneReporters.get(into.get()) + ", but was written from pane "
                            + writer + "; a Codex notify speaks only for the panes its own Codex runs");
                }
            }
            if (pane.isPresent()) {
                paneReporters.putIfAbsent(pane.get(), writer);
                if (!thread.isEmpty()) {
                    threads.put(thread, pane.get());
                    reporters.put(thread, writer);
                }
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

    /**
     * The pane gather typed {@code input} into whose turns {@code writer} may report (it reports them,
     * or no one has yet), consumed: a text typed once ends one turn. The same text typed into several
     * panes (an announcement) is matched to one this writer reports.
     */
    private Optional<String> typedInto(String input, String writer) {
        return typedPane(input, p -> writer.equals(paneReporters.getOrDefault(p, writer)), true);
    }

    /** A pane among {@code allowed} that gather typed {@code input} into; {@code consume} takes the text away. */
    private Optional<String> typedPane(String input, Predicate<String> allowed, boolean consume) {
        if (input.isEmpty()) {
            return Optional.empty();
        }
        for (Map.Entry<String, Deque<String>> e : typed.entrySet()) {
            Deque<String> texts = e.getValue();
            synchronized (texts) {
                if (allowed.test(e.getKey())
                        && (consume ? texts.removeFirstOccurrence(input) : texts.contains(input))) {
                    return Optional.of(e.getKey());
                }
            }
        }
        return Optional.empty();
    }

    private static String lastInput(JsonNode payload) {
        JsonNode inputs = payload.path("input-messages");
        return inputs.isArray() && !inputs.isEmpty()
                ? HarnessCopy.normal(inputs.get(inputs.size() - 1).asText(""))
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
}
