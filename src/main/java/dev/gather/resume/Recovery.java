package dev.gather.resume;

import dev.gather.delivery.DeliveryState;
import dev.gather.delivery.Ledger;
import dev.gather.delivery.Letter;
import dev.gather.delivery.PostOffice;
import dev.gather.journal.Delivery;
import dev.gather.journal.Journals;
import dev.gather.journal.Lifecycle;
import dev.gather.journal.Line;
import dev.gather.journal.Message;
import dev.gather.journal.Transcript;
import dev.gather.link.Attribution;
import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.profile.Profile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Predicate;

/**
 * What a new daemon finds of the one before it: links and gatherings whose journal never closed
 * (resumed by {@link Resumption} when their panes live, else marked interrupted), and messages
 * journalled but never typed.
 */
public final class Recovery {
    private Recovery() {}

    /**
     * Links and gatherings whose journal never closed: a crash, a SIGKILL or a graceful stop ended the
     * daemon while they ran. Journals of links owned by another computer ({@code remote-}) and the
     * one-shot journal are no links here ({@code notALink} says which).
     */
    public static List<String> unclosed(Journals journals, Predicate<String> notALink) {
        List<String> open = new ArrayList<>();
        for (String id : journals.list()) {
            if (notALink.test(id)) {
                continue;
            }
            List<Line> entries = Transcript.lines(journals.file(id));
            if (entries.isEmpty()
                    || entries.stream()
                            .anyMatch(l -> l.entry() instanceof Lifecycle.Close
                                    || l.entry() instanceof Lifecycle.Interrupted)) {
                continue;
            }
            open.add(id);
        }
        return open;
    }

    /** Marks {@code id} interrupted (appended, nothing rewritten): it cannot resume, for {@code why}. */
    public static void markInterrupted(Journals journals, String id, String why) {
        journals.of(id)
                .append(new Lifecycle.Interrupted(
                        id,
                        "the daemon stopped before this closed and it cannot resume (" + why
                                + "); after this line only messages already queued are delivered"));
    }

    /**
     * Whether {@code pane} still lives and runs the process a journal saw there ({@code pids}, its
     * {@code pane_pids}; a pane it names none for is trusted by its id): after a tmux server restart
     * the same id can name a stranger's pane.
     */
    public interface Alive {
        boolean alive(String pane, Map<String, Integer> pids);
    }

    /** Presses Enter on a paste a stopped daemon left in a live pane's box, if the box still shows it. */
    public interface Finish {
        boolean finish(String pane, String text, Profile profile);
    }

    /**
     * Messages the last daemon journalled but never typed are queued again, in journal order, for panes that
     * still exist and run the process the journal saw there (else they fail, untyped). A message it was typing
     * when it stopped is finished when the pane's box still shows it (Enter pressed once: it was never
     * submitted), typed again when the journal shows it was never pasted, else taken as submitted rather than
     * typed twice. One it delivered but never saw confirmed waits for the member's next turn end ({@link
     * #settle}); so does one it handed to the harness's own queue (a door) but never saw taken, which is never
     * sent again. One a harness holds for its person stays held. A pane is typed into with the profile the
     * newest message to it was typed with.
     */
    public static int redeliver(
            Journals journals,
            PostOffice post,
            Ledger ledger,
            BiConsumer<String, String> adopt,
            Alive lives,
            Finish finish) {
        int queued = 0;
        // the journals come newest first: a pane is typed into as the newest that names it says
        Map<String, String> profiles = new HashMap<>();
        for (String id : journals.list()) {
            List<Line> entries = Transcript.lines(journals.file(id));
            Map<String, Delivery> last = lastSteps(entries);
            lastProfiles(entries).forEach(profiles::putIfAbsent);
            Map<String, Integer> pids = panePids(entries);
            Predicate<String> alive = pane -> lives.alive(pane, pids);
            for (Line line : entries) {
                if (!(line.entry() instanceof Message e)) {
                    continue;
                }
                boolean remote = e instanceof Message.Remote;
                long ref = line.ref();
                for (Map.Entry<String, String> to : e.panes().entrySet()) {
                    Delivery step = last.get(stepKey(ref, to.getKey()));
                    // never stepped: still queued; a state no release before this one wrote is left alone
                    DeliveryState state =
                            step == null ? DeliveryState.QUEUED : stateOf(step).orElse(null);
                    Letter letter = new Letter(id, ref, to.getKey(), typed(e));
                    String pane = to.getValue();
                    if (e instanceof Message.Remote r) {
                        adopt.accept(pane, r.fromComputer());
                    }
                    // a step "queued" is one a door sent to the keystrokes: still never typed; one handed
                    // to a door is in the harness's own queue and is not sent again
                    String profile = profiles.getOrDefault(pane, "");
                    if (state == DeliveryState.QUEUED && !alive.test(pane)) {
                        ledger.record(
                                letter,
                                pane,
                                DeliveryState.FAILED,
                                "pane gone before it was typed (" + pane + " is no more, or runs another process now)");
                    } else if (state == DeliveryState.QUEUED) {
                        requeue(post, pane, letter, profile);
                        queued++;
                    } else if (state == DeliveryState.DELIVERED && !remote) {
                        settle(post, ledger, pane, letter, profile, alive);
                    } else if (state == DeliveryState.HANDED && !remote) {
                        if (alive.test(pane)) {
                            started(post, pane, profile);
                            post.handed(pane, letter);
                        } else {
                            ledger.record(letter, pane, DeliveryState.FAILED, "pane gone before a turn carried it");
                        }
                    } else if (state == DeliveryState.TYPING) {
                        boolean finished = !remote
                                && alive.test(pane)
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
                        } else if (!remote && alive.test(pane) && !step.text().equals(DeliveryState.PASTED)) {
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
            PostOffice post, Ledger ledger, String pane, Letter letter, String profile, Predicate<String> alive) {
        if (!alive.test(pane)) {
            ledger.record(letter, pane, DeliveryState.FAILED, "pane gone before its turn on it ended");
            return;
        }
        started(post, pane, profile);
        post.delivered(pane, letter);
    }

    /** The process each pane ran in when the journal's link or gathering began ({@code pane_pids}). */
    private static Map<String, Integer> panePids(List<Line> entries) {
        Map<String, Integer> pids = new HashMap<>();
        for (Line line : entries) {
            if (line.entry() instanceof Lifecycle.Start s) {
                pids.putAll(s.panePids());
            } else if (line.entry() instanceof Lifecycle.Handshake h) {
                pids.putAll(h.panePids());
            }
        }
        return pids;
    }

    /**
     * The profile each pane was last typed with, as the journal names it ("" where it was generic):
     * what runs there now. A message sent before the member's first hook was heard was typed as into
     * a plain program; resumed with that, the member's later letters would count as taken at once.
     */
    private static Map<String, String> lastProfiles(List<Line> lines) {
        Map<String, String> named = new HashMap<>();
        lines.forEach(l -> {
            if (l.entry() instanceof Message m) {
                m.panes().forEach((member, pane) -> named.put(pane, m.profiles().getOrDefault(member, "")));
            }
        });
        return named;
    }

    private static Optional<DeliveryState> stateOf(Delivery step) {
        try {
            return Optional.of(DeliveryState.valueOf(step.state().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** The last delivery step of each message and recipient, by {@link #stepKey}. */
    static Map<String, Delivery> lastSteps(List<Line> lines) {
        Map<String, Delivery> last = new HashMap<>();
        lines.forEach(l -> {
            if (l.entry() instanceof Delivery d) {
                last.put(stepKey(d.ref(), d.to()), d);
            }
        });
        return last;
    }

    private static String stepKey(long ref, String to) {
        return ref + "/" + to;
    }

    /** What was typed for a message: words a member said carry their attribution. */
    private static String typed(Message e) {
        if (e instanceof Message.Relay r) {
            return attributed(r.from(), r.fromNumber(), r.text());
        } else if (e instanceof Message.Oneshot o) {
            return attributed(o.from(), 1, o.text());
        } else if (e instanceof Message.Reply r) {
            return attributed(r.from(), 1, r.text());
        }
        return e.text();
    }

    private static String attributed(String name, int number, String text) {
        return Attribution.of(new Member(name, number, Role.SPEAKER, Optional.empty()), text);
    }
}
