package dev.gather.daemon;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.delivery.Ledger;
import dev.gather.delivery.PostOffice;
import dev.gather.journal.Journal;
import dev.gather.journal.JournalUnavailable;
import dev.gather.journal.Journals;
import dev.gather.link.Attribution;
import dev.gather.link.Fanout;
import dev.gather.link.Link;
import dev.gather.link.Links;
import dev.gather.link.Member;
import dev.gather.rhythm.Template;
import dev.gather.tmux.DeliveryResult;
import dev.gather.turn.TurnFilter;
import dev.gather.turn.TurnOutput;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The data path of one turn: filter, journal (before any delivery), fan out to every other member,
 * drop members whose pane is gone, count the link's turn budget. A link that belongs to a gathering
 * hands its members' outputs to the gathering instead.
 */
public final class Relay {
    private static final Logger LOG = LoggerFactory.getLogger(Relay.class);

    private final Links links;
    private final Journals journals;
    private final Fanout fanout;
    private final TurnFilter filter;
    private final DirectRhythm direct;
    /**
     * How long the data path waits for a gathering to take a turn: only its first journal entry is
     * waited for (the gathering's lane runs nothing slow), this bounds a lane that hangs.
     */
    private static final Duration HANDED_OVER_WITHIN = Duration.ofSeconds(30);

    private final Map<String, BiFunction<Member, String, CompletableFuture<Void>>> interceptors =
            new ConcurrentHashMap<>();
    /**
     * Per pane, the last words a stopped daemon journalled from it: the spool may hand that turn over
     * again (its file was not yet deleted when the daemon died), and it is not relayed twice.
     */
    private final Map<String, String> journalledBefore = new ConcurrentHashMap<>();
    /** Journals that refused their last entry, and why: their links are degraded until one is taken. */
    private final Map<String, String> degraded = new ConcurrentHashMap<>();

    private final List<java.util.function.Consumer<Link.View>> closeListeners =
            new java.util.concurrent.CopyOnWriteArrayList<>();
    private final List<java.util.function.Consumer<String>> goneListeners =
            new java.util.concurrent.CopyOnWriteArrayList<>();
    private final List<java.util.function.Consumer<TurnOutput>> unlinked =
            new java.util.concurrent.CopyOnWriteArrayList<>();
    private final List<BiConsumer<TurnOutput, Optional<String>>> turnEnding =
            new java.util.concurrent.CopyOnWriteArrayList<>();

    Relay(Links links, Journals journals, Fanout fanout, TurnFilter filter, DirectRhythm direct) {
        this.links = links;
        this.journals = journals;
        this.fanout = fanout;
        this.filter = filter;
        this.direct = direct;
    }

    DirectRhythm direct() {
        return direct;
    }

    /** A relay for links without a turn budget (benchmarks, tools). */
    public static Relay unbudgeted(Links links, Journals journals, Fanout fanout) {
        return new Relay(
                links,
                journals,
                fanout,
                TurnFilter.defaults(),
                new DirectRhythm("direct", java.util.OptionalInt.empty(), "", ""));
    }

    /** A resumed link's member in {@code pane} last said {@code words} (journalled by the daemon before). */
    void journalledBefore(String pane, String words) {
        journalledBefore.put(pane, words);
    }

    /**
     * Routes the outputs of {@code linkId}'s members to {@code interceptor} (a gathering) instead; its
     * future completes once the words are journalled, or fails with {@link JournalUnavailable}.
     */
    public void intercept(String linkId, BiFunction<Member, String, CompletableFuture<Void>> interceptor) {
        interceptors.put(linkId, interceptor);
    }

    /**
     * One turn output from a hook or a settled pane. The future completes once every recipient's
     * copy was typed or failed (callers on the data path do not wait for it).
     */
    public CompletableFuture<Void> onTurnOutput(TurnOutput output) {
        Map<Member, CompletableFuture<DeliveryResult>> sent = relayTurn(output);
        if (!turnEnding.isEmpty()) {
            Optional<String> words = filter.apply(output.text());
            turnEnding.forEach(l -> l.accept(output, words));
        }
        // after the words went out: the speaker is idle, its own queue may move
        fanout.post()
                .turnEnded(
                        output.pane(),
                        Optional.of(output.harness()),
                        output.harness().equals(dev.gather.turn.PaneSettleSource.HARNESS)
                                ? "screen settled"
                                : "turn-end hook");
        return CompletableFuture.allOf(sent.values().toArray(CompletableFuture[]::new));
    }

    private Map<Member, CompletableFuture<DeliveryResult>> relayTurn(TurnOutput output) {
        Optional<Link> found = links.byPane(output.pane());
        if (found.isEmpty()) {
            // a member of a link owned by another computer, or nobody's
            unlinked.forEach(l -> l.accept(output));
            return Map.of();
        }
        Link link = found.get();
        Optional<Member> from = link.memberInPane(output.pane());
        if (from.isEmpty()) {
            return Map.of();
        }
        // only words count: an empty turn end (filtered out) says nothing about a repeat
        Optional<String> words = filter.apply(output.text());
        String before = words.isPresent() ? journalledBefore.remove(output.pane()) : null;
        if (before != null && words.get().equals(before)) {
            record(
                    link,
                    Journal.entry("duplicate")
                            .put("link", link.id())
                            .put("from", from.get().name())
                            .put(
                                    "text",
                                    "the same turn came again after a restart (journalled before the daemon stopped);"
                                            + " not relayed twice"));
            return Map.of();
        }
        if (output.onBehalf().isPresent() && words.isPresent()) {
            // like an op done on behalf of a pane: the journal says who, before the words go anywhere
            journalled(
                    link.id(),
                    Journal.entry("on_behalf")
                            .put("op", "hook")
                            .put("harness", output.harness())
                            .put("link", link.id())
                            .put("on_behalf_of", output.pane())
                            .put("by", output.onBehalf().get()));
        }
        return speak(link, from.get(), output.text());
    }

    /**
     * {@code from}'s words in {@code link}, by the same path as a pane's turn end: filtered, handed to
     * the link's gathering if it has one, else journalled and fanned out, counting the turn budget.
     * Empty when the filter dropped them (or a gathering took them).
     */
    Map<Member, CompletableFuture<DeliveryResult>> speak(Link link, Member member, String words) {
        Optional<Member> from = Optional.of(member);
        Optional<String> text = filter.apply(words);
        if (text.isEmpty()) {
            return Map.of();
        }
        BiFunction<Member, String, CompletableFuture<Void>> interceptor = interceptors.get(link.id());
        if (interceptor != null) {
            // as for a direct link: the hook file goes only once the gathering journalled the words
            handedOver(link.id(), interceptor.apply(from.get(), text.get()));
            return Map.of();
        }
        synchronized (link) {
            // a JournalUnavailable here leaves the turn in the spool, to be relayed once the journal takes it
            Map<Member, CompletableFuture<DeliveryResult>> sent = relay(link, from.get(), text.get(), "relay");
            if (link.spendTurn()) {
                int turns = link.snapshot().turnsUsed();
                String notice = Template.fill(direct.budgetNotice(), Map.of("turns", turns));
                try {
                    announce(link, notice, "budget_exhausted");
                } catch (JournalUnavailable e) {
                    // the turn itself went out: retrying it for the sake of the notice would say it twice
                    LOG.warn("link {}: budget notice not sent: {}", link.id(), e.getMessage());
                }
                close(link, "turn budget used");
            }
            return sent;
        }
    }

    /** Waits for gathering {@code id} to take a turn; its journal's refusal is thrown on, anything else logged. */
    static void handedOver(String id, CompletableFuture<Void> taken) {
        try {
            taken.get(HANDED_OVER_WITHIN.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | CompletionException e) {
            if (e.getCause() instanceof JournalUnavailable refused) {
                throw refused;
            }
            LOG.warn("gathering {} could not take a turn: {}", id, String.valueOf(e.getCause()));
        } catch (TimeoutException e) {
            LOG.warn("gathering {} has not taken a turn after {}; it stays queued there", id, HANDED_OVER_WITHIN);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Journals {@code text} from {@code from} (forced to disk) and queues it for everyone else in
     * the link; each member's future completes once it was typed, or failed.
     */
    public Map<Member, CompletableFuture<DeliveryResult>> relay(Link link, Member from, String text, String kind) {
        return relay(link, from, text, kind, false);
    }

    /**
     * As {@link #relay(Link, Member, String, String)} for a message sent with {@code send} (not a
     * turn): marked {@code sent}, so a restarted daemon does not count it against the turn budget.
     */
    Map<Member, CompletableFuture<DeliveryResult>> relaySent(Link link, Member from, String text) {
        return relay(link, from, text, "relay", true);
    }

    private Map<Member, CompletableFuture<DeliveryResult>> relay(
            Link link, Member from, String text, String kind, boolean sent) {
        Link.View view = link.snapshot();
        List<Member> to = view.othersThan(from);
        ObjectNode entry = Journal.entry(kind).put("link", view.id()).put("from", from.name());
        if (sent) {
            entry.put("sent", true);
        }
        entry.put("from_number", from.number());
        to.forEach(m -> entry.withArray("to").add(m.name()));
        entry.put("text", text);
        return send(link.id(), entry, to, Attribution.of(from, text));
    }

    /** Journals and queues a system text for every member; {@code kind} names the prompt. */
    public Map<Member, CompletableFuture<DeliveryResult>> announce(Link link, String text, String kind) {
        return announce(link, text, kind, Optional.empty());
    }

    /** As {@link #announce(Link, String, String)}, naming the member it concerns ({@code member} in the journal). */
    public Map<Member, CompletableFuture<DeliveryResult>> announce(
            Link link, String text, String kind, Optional<Member> about) {
        return announce(link, text, kind, about, Map.of());
    }

    /** As {@link #announce(Link, String, String, Optional)}, with counters kept beside the text (a turn's phase, round). */
    public Map<Member, CompletableFuture<DeliveryResult>> announce(
            Link link, String text, String kind, Optional<Member> about, Map<String, Integer> marks) {
        Link.View view = link.snapshot();
        ObjectNode entry = Journal.entry("announce")
                .put("prompt", kind)
                .put("link", view.id())
                .put("text", text);
        about.ifPresent(m -> entry.put("member", m.name()));
        new java.util.TreeMap<>(marks).forEach(entry::put);
        // who left is not told so (the link may still list them while their leaving goes through); who
        // joined gets its seed instead
        List<Member> to = (kind.equals("left") || kind.equals("joined")) && about.isPresent()
                ? view.members().stream().filter(m -> !m.equals(about.get())).toList()
                : view.members();
        return send(link.id(), entry, to, text);
    }

    /** What is still queued for the link's members and not yet typed is dropped (a gathering closing). */
    public void withdraw(Link link, String why) {
        fanout.post().withdraw(link.id(), why);
    }

    /** Journals and queues a notice for members no longer in a link (after it closed). */
    public void fanoutNotice(Link link, List<Member> to, String text) {
        ObjectNode entry = Journal.entry("notice").put("link", link.id()).put("text", text);
        send(link.id(), entry, to, text);
    }

    /** Journals and queues a private text for one member. */
    public CompletableFuture<DeliveryResult> inject(Link link, Member to, String text, String kind) {
        ObjectNode entry = Journal.entry("private")
                .put("link", link.id())
                .put("prompt", kind)
                .put("to", to.name())
                .put("text", text);
        return send(link.id(), entry, List.of(to), text)
                .getOrDefault(
                        to,
                        CompletableFuture.completedFuture(new DeliveryResult.Failed("-", to.name() + " has no pane")));
    }

    /**
     * The one way a message leaves: the entry, in journal {@code journalId}, names each recipient's
     * pane (a restarted daemon delivers what is still queued), is forced to disk, then every
     * recipient's mailbox gets {@code typed}.
     */
    Map<Member, CompletableFuture<DeliveryResult>> send(
            String journalId, ObjectNode entry, List<Member> to, String typed) {
        return sendNumbered(journalId, entry, to, typed).results();
    }

    /** What {@link #sendNumbered} sent: the entry's number in its journal and each recipient's delivery. */
    record Sent(long ref, Map<Member, CompletableFuture<DeliveryResult>> results) {}

    /** As {@link #send}, also saying which entry of the journal the message is. */
    Sent sendNumbered(String journalId, ObjectNode entry, List<Member> to, String typed) {
        address(entry, to, fanout.post());
        long ref = journalled(journalId, entry);
        Map<Member, CompletableFuture<DeliveryResult>> sent = fanout.send(journalId, ref, to, typed);
        sent.values()
                .forEach(f -> f.thenAccept(r -> {
                    if (r instanceof DeliveryResult.PaneGone g) {
                        paneGone(g.paneId());
                    }
                }));
        return new Sent(ref, sent);
    }

    /**
     * Appends {@code entry} to journal {@code id}, forced; a refusal marks the journal degraded (in
     * status and to senders) and is thrown on, so the caller sends nothing.
     */
    private long journalled(String id, ObjectNode entry) {
        try {
            long ref = journals.of(id).append(entry);
            if (degraded.remove(id) != null) {
                LOG.info("journal {} takes entries again", id);
            }
            return ref;
        } catch (JournalUnavailable e) {
            if (degraded.put(id, e.reason()) == null) {
                LOG.error("{}; nothing more goes out through it until it does", e.getMessage());
            }
            throw e;
        }
    }

    /**
     * Appends {@code entry} to the link's journal, forced; a refusal marks the link degraded and is
     * thrown on (words kept out of turn or late, a harvest: their turn stays in the spool).
     */
    long append(Link link, ObjectNode entry) {
        return journalled(link.id(), entry);
    }

    /** Journals a record that nothing waits on (a close, a member leaving): a refusal is logged, not thrown. */
    private void record(Link link, ObjectNode entry) {
        try {
            journalled(link.id(), entry);
        } catch (JournalUnavailable e) {
            LOG.warn(
                    "link {}: {} not journalled: {}",
                    link.id(),
                    entry.path("kind").asText(),
                    e.getMessage());
        }
    }

    /** Why journal {@code id} is degraded ("cannot write journal (No space left on device)"), if it is. */
    public Optional<String> degraded(String id) {
        return Optional.ofNullable(degraded.get(id)).map(r -> "cannot write journal (" + r + ")");
    }

    /** Every degraded journal, and why. */
    Map<String, String> degraded() {
        return Map.copyOf(degraded);
    }

    /** Closes the link for everyone, journalled once however many paths close it. */
    public void close(Link link, String reason) {
        if (!link.claimClose()) {
            links.close(link);
            return;
        }
        record(link, Journal.entry("close").put("link", link.id()).put("text", reason));
        links.close(link);
        interceptors.remove(link.id());
        Link.View view = link.snapshot();
        closeListeners.forEach(l -> l.accept(view));
    }

    /** Also tell {@code listener} when a link closes. */
    public void onClosed(java.util.function.Consumer<Link.View> listener) {
        closeListeners.add(listener);
    }

    /**
     * Tell {@code listener} about every turn end, with its filtered words, before the post office hears
     * of it (so the letters that turn took are still open).
     */
    void onTurnEnding(BiConsumer<TurnOutput, Optional<String>> listener) {
        turnEnding.add(listener);
    }

    /** Tell {@code listener} about turn outputs from panes in no link here. */
    public void onUnlinked(java.util.function.Consumer<TurnOutput> listener) {
        unlinked.add(listener);
    }

    /** Also tell {@code listener} when a pane is found gone (a gathering skips its member). */
    public void onGone(java.util.function.Consumer<String> listener) {
        goneListeners.add(listener);
    }

    /** A pane ended: its member leaves every link, and nothing more is typed into it. */
    public void paneGone(String pane) {
        fanout.post().gone(pane);
        leave(pane, "pane " + pane + " ended");
    }

    /** {@code m}, a member without a pane, leaves {@code link} for {@code why}; journalled like any leaving. */
    void leave(Link link, Member m, String why) {
        if (!links.removeMember(link, m)) {
            return;
        }
        record(
                link,
                Journal.entry("left")
                        .put("link", link.id())
                        .put("from", m.name())
                        .put("text", m.name() + " left (" + why + ")"));
        if (!link.snapshot().open()) {
            close(link, "fewer than two members");
        }
    }

    /** Whether {@code words} would be relayed at all (not empty, not a checkpoint), and as what. */
    Optional<String> filtered(String words) {
        return filter.apply(words);
    }

    /** The member in {@code pane} leaves its link for {@code why} (gone, never ready). */
    public void leave(String pane, String why) {
        goneListeners.forEach(l -> l.accept(pane));
        links.byPane(pane).ifPresent(link -> {
            Optional<Member> m = link.memberInPane(pane);
            if (links.removePane(pane).isEmpty()) {
                return; // another notice of this pane's end got there first
            }
            m.ifPresent(member -> record(
                    link,
                    Journal.entry("left")
                            .put("link", link.id())
                            .put("from", member.name())
                            .put("text", member.name() + " left (" + why + ")")));
            if (!link.snapshot().open()) {
                // same path as any close: journal, interceptor, listeners (e.g. the survivor's screen watch)
                close(link, "fewer than two members");
            }
        });
    }

    Journal journal(Link link) {
        return journals.of(link.id());
    }

    /**
     * Names each recipient's pane in a message's journal entry, and its profile when it is not
     * generic: a restarted daemon types what is still queued into the right pane, the right way.
     */
    static void address(ObjectNode entry, List<Member> to, PostOffice post) {
        ObjectNode panes = entry.putObject("panes");
        ObjectNode profiles = entry.putObject("profiles");
        for (Member m : to) {
            m.pane().ifPresent(p -> {
                panes.put(m.name(), p);
                String profile = post.profileOf(p).name();
                if (!profile.equals("generic")) {
                    profiles.put(m.name(), profile);
                }
            });
        }
        if (profiles.isEmpty()) {
            entry.remove("profiles");
        }
    }

    /** Records each delivery step as a {@code delivery} entry next to the message it belongs to. */
    public static Ledger ledger(Journals journals) {
        return (letter, pane, state, detail) -> {
            ObjectNode e = Journal.entry("delivery")
                    .put("ref", letter.ref())
                    .put("to", letter.to())
                    .put("pane", pane)
                    .put("state", state.word());
            if (!detail.isEmpty()) {
                e.put("text", detail);
            }
            try {
                journals.of(letter.journal()).appendUnforced(e);
            } catch (JournalUnavailable refused) {
                // the message itself is journalled; a restarted daemon types it again rather than lose it
                LOG.warn("delivery step not journalled: {}", refused.getMessage());
            }
        };
    }
}
