package dev.gather.resume;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.delivery.DeliveryState;
import dev.gather.delivery.Ledger;
import dev.gather.delivery.Letter;
import dev.gather.delivery.PostOffice;
import dev.gather.journal.Journal;
import dev.gather.journal.Journals;
import dev.gather.journal.Transcript;
import dev.gather.link.Attribution;
import dev.gather.link.Member;
import dev.gather.link.Role;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a new daemon finds of the one before it: links and gatherings whose journal never closed
 * (resumed by {@link Resumption} when their panes live, else marked interrupted), and messages
 * journalled but never typed.
 */
public final class Recovery {
    private static final Set<String> ENDED = Set.of("close", "interrupted");

    private Recovery() {}

    /**
     * Links and gatherings whose journal never closed: a crash, a SIGKILL or a graceful stop ended the
     * daemon while they ran. Journals of links owned by another computer ({@code remote-}) and the
     * one-shot journal are no links here ({@code notALink} says which).
     */
    public static List<String> unclosed(Journals journals, java.util.function.Predicate<String> notALink) {
        List<String> open = new ArrayList<>();
        for (String id : journals.list()) {
            if (notALink.test(id)) {
                continue;
            }
            List<JsonNode> entries = Transcript.read(journals.file(id));
            if (entries.isEmpty()
                    || entries.stream()
                            .anyMatch(e -> ENDED.contains(e.path("kind").asText()))) {
                continue;
            }
            open.add(id);
        }
        return open;
    }

    /** Marks {@code id} interrupted (appended, nothing rewritten): it cannot resume, for {@code why}. */
    public static void markInterrupted(Journals journals, String id, String why) {
        journals.of(id)
                .append(Journal.entry("interrupted")
                        .put("link", id)
                        .put(
                                "text",
                                "the daemon stopped before this closed and it cannot resume (" + why
                                        + "); after this line only messages already queued are delivered"));
    }

    /** Presses Enter on a paste a stopped daemon left in a pane's box, if the box still shows it. */
    public interface Finish {
        boolean finish(String pane, String text, dev.gather.profile.Profile profile);
    }

    /**
     * Messages the last daemon journalled but never typed are queued again, in journal order, for
     * panes that still exist. A message it was typing when it stopped is finished when the pane's box
     * still shows it (Enter pressed once: it was never submitted), typed again when the journal shows
     * it was never pasted, else taken as submitted rather than typed twice. One it delivered but never saw confirmed waits for the
     * member's next turn end ({@link #settle}); so does one it handed to the harness's own queue (a
     * door) but never saw taken, which is never sent again. One a harness holds for its person stays
     * held.
     */
    public static int redeliver(
            Journals journals,
            PostOffice post,
            Ledger ledger,
            java.util.function.BiConsumer<String, String> adopt,
            java.util.function.Predicate<String> alive,
            Finish finish) {
        int queued = 0;
        for (String id : journals.list()) {
            List<JsonNode> entries = Transcript.read(journals.file(id));
            Map<String, JsonNode> last = Transcript.lastSteps(entries);
            for (int i = 0; i < entries.size(); i++) {
                JsonNode e = entries.get(i);
                boolean remote = e.path("kind").asText().equals("remote");
                long ref = Transcript.ref(e, i);
                for (Map.Entry<String, JsonNode> to : e.path("panes").properties()) {
                    JsonNode step = last.get(Transcript.stepKey(ref, to.getKey()));
                    String state = step == null ? null : step.path("state").asText();
                    Letter letter = new Letter(id, ref, to.getKey(), typed(e));
                    String pane = to.getValue().asText();
                    if (remote) {
                        adopt.accept(pane, e.path("from_computer").asText());
                    }
                    // a step "queued" is one a door sent to the keystrokes: still never typed; one handed
                    // to a door is in the harness's own queue and is not sent again
                    String profile = e.path("profiles").path(to.getKey()).asText("");
                    if (state == null || state.equals(DeliveryState.QUEUED.word())) {
                        requeue(post, pane, letter, profile);
                        queued++;
                    } else if (state.equals(DeliveryState.DELIVERED.word()) && !remote) {
                        settle(post, ledger, pane, letter, profile, alive);
                    } else if (state.equals(DeliveryState.HANDED.word()) && !remote) {
                        if (alive.test(pane)) {
                            started(post, pane, profile);
                            post.handed(pane, letter);
                        } else {
                            ledger.record(letter, pane, DeliveryState.FAILED, "pane gone before a turn carried it");
                        }
                    } else if (state.equals(DeliveryState.TYPING.word())) {
                        boolean finished = !remote
                                && finish.finish(
                                        pane,
                                        letter.text(),
                                        profile.isEmpty()
                                                ? post.profiles().generic()
                                                : post.profiles().forKind(profile));
                        if (finished) {
                            ledger.record(
                                    letter,
                                    pane,
                                    DeliveryState.DELIVERED,
                                    "the daemon stopped before Enter; its input box still showed the text, so the next"
                                            + " daemon pressed Enter");
                            settle(post, ledger, pane, letter, profile, alive);
                        } else if (!remote
                                && alive.test(pane)
                                && !step.path("text").asText().equals(DeliveryState.PASTED)) {
                            // the stop fell between the journal's "typing" and the paste: the words never
                            // reached the pane, so typing them now is the first time, not the second
                            requeue(post, pane, letter, profile);
                            queued++;
                        } else if (!remote && alive.test(pane)) {
                            // pasted, and its box no longer shows it: submitted before the stop; typed again
                            // it could arrive twice
                            ledger.record(
                                    letter,
                                    pane,
                                    DeliveryState.DELIVERED,
                                    "the daemon stopped while typing it and the input box no longer shows it: taken as"
                                            + " submitted, not typed again (that could make it arrive twice)");
                            settle(post, ledger, pane, letter, profile, alive);
                        } else {
                            ledger.record(
                                    letter,
                                    pane,
                                    DeliveryState.FAILED,
                                    "the daemon stopped while typing it; not typed again, to avoid a duplicate");
                        }
                    }
                }
            }
        }
        return queued;
    }

    /** Queues {@code letter} again for {@code pane}, known as {@code profile} when the journal named one. */
    private static void requeue(PostOffice post, String pane, Letter letter, String profile) {
        started(post, pane, profile);
        post.post(pane, letter);
    }

    private static void started(PostOffice post, String pane, String profile) {
        if (!profile.isEmpty()) {
            post.started(pane, post.profiles().forKind(profile));
        }
    }

    /**
     * A message the last daemon saw submitted but never saw taken (it stopped before the member's turn
     * on it ended) is never left hanging: the member's next turn end confirms it, or it fails when its
     * pane is gone.
     */
    private static void settle(
            PostOffice post,
            Ledger ledger,
            String pane,
            Letter letter,
            String profile,
            java.util.function.Predicate<String> alive) {
        if (!alive.test(pane)) {
            ledger.record(letter, pane, DeliveryState.FAILED, "pane gone before its turn on it ended");
            return;
        }
        started(post, pane, profile);
        post.delivered(pane, letter);
    }

    /** What was typed for an entry: relayed words carry their attribution. */
    private static String typed(JsonNode e) {
        String text = e.path("text").asText();
        if (!e.has("from")) {
            return text;
        }
        Member from =
                new Member(e.path("from").asText(), e.path("from_number").asInt(1), Role.SPEAKER, Optional.empty());
        return Attribution.of(from, text);
    }
}
