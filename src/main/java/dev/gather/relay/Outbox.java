package dev.gather.relay;

import dev.gather.delivery.Ledger;
import dev.gather.delivery.PostOffice;
import dev.gather.journal.Announcement;
import dev.gather.journal.Counters;
import dev.gather.journal.Delivery;
import dev.gather.journal.Entry;
import dev.gather.journal.Journal;
import dev.gather.journal.JournalUnavailable;
import dev.gather.journal.Journals;
import dev.gather.journal.Message;
import dev.gather.journal.Prompt;
import dev.gather.link.Attribution;
import dev.gather.link.Fanout;
import dev.gather.link.Link;
import dev.gather.link.Member;
import dev.gather.tmux.DeliveryResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one way a message leaves a link: its journal entry, naming each recipient's pane, is forced to
 * disk before every recipient's channel gets it; a journal that refuses marks its link degraded and
 * nothing goes out. The relay is an outbox that also decides whose turn reaches whom.
 */
public abstract class Outbox {
    private static final Logger LOG = LoggerFactory.getLogger(Outbox.class);

    final Journals journals;
    final Fanout fanout;
    /** Journals that refused their last entry, and why: their links are degraded until one is taken. */
    private final Map<String, String> degraded = new ConcurrentHashMap<>();

    Outbox(Journals journals, Fanout fanout) {
        this.journals = journals;
        this.fanout = fanout;
    }

    /** A pane was found gone while a message was typed into it. */
    public abstract void paneGone(String pane);

    /**
     * Journals {@code text} from {@code from} (forced to disk) and queues it for everyone else in
     * the link; each member's future completes once it was typed, or failed.
     */
    public Map<Member, CompletableFuture<DeliveryResult>> relay(Link link, Member from, String text) {
        return relay(link, from, text, false, List.of());
    }

    /**
     * As {@link #relay(Link, Member, String)}, except for {@code held}: members it is kept for until
     * their own turn (a gathering's digest hearing), named in the entry and not typed now.
     */
    public Map<Member, CompletableFuture<DeliveryResult>> relay(
            Link link, Member from, String text, List<Member> held) {
        return relay(link, from, text, false, held);
    }

    /**
     * As {@link #relay(Link, Member, String)} for a message sent with {@code send} (not a
     * turn): marked {@code sent}, so a restarted daemon does not count it against the turn budget.
     */
    public Map<Member, CompletableFuture<DeliveryResult>> relaySent(Link link, Member from, String text) {
        return relay(link, from, text, true, List.of());
    }

    private Map<Member, CompletableFuture<DeliveryResult>> relay(
            Link link, Member from, String text, boolean sent, List<Member> held) {
        Link.View view = link.snapshot();
        List<Member> to =
                view.othersThan(from).stream().filter(m -> !held.contains(m)).toList();
        Message.Relay entry =
                new Message.Relay(view.id(), from.name(), sent, from.number(), null, names(to), names(held), text);
        return send(link.id(), entry, to, Attribution.of(from, text));
    }

    /** Journals and queues a system text for every member; {@code kind} names the prompt. */
    public Map<Member, CompletableFuture<DeliveryResult>> announce(Link link, String text, Announcement kind) {
        return announce(link, text, kind, Optional.empty());
    }

    /** As {@link #announce(Link, String, Announcement)}, naming the member it concerns ({@code member} in the journal). */
    public Map<Member, CompletableFuture<DeliveryResult>> announce(
            Link link, String text, Announcement kind, Optional<Member> about) {
        return announce(link, text, kind, about, Optional.empty());
    }

    /** As {@link #announce(Link, String, Announcement, Optional)}, with the turn's counters kept beside the text. */
    public Map<Member, CompletableFuture<DeliveryResult>> announce(
            Link link, String text, Announcement kind, Optional<Member> about, Optional<Counters> counters) {
        return announce(link, text, kind, about, counters, List.of()).results();
    }

    /**
     * As {@link #announce(Link, String, Announcement, Optional, Optional)}, except for {@code held}:
     * members it is kept for until their own turn (digest hearing), named in the entry and not typed now.
     */
    public Sent announce(
            Link link,
            String text,
            Announcement kind,
            Optional<Member> about,
            Optional<Counters> counters,
            List<Member> held) {
        Link.View view = link.snapshot();
        Message.Announce entry = new Message.Announce(
                kind,
                view.id(),
                text,
                about.map(Member::name).orElse(null),
                counters.map(Counters::phase).orElse(null),
                counters.map(Counters::round).orElse(null),
                counters.map(Counters::turn).orElse(null),
                names(held),
                Map.of(),
                Map.of());
        // who left is not told so (the link may still list them while their leaving goes through); who
        // joined gets its seed instead
        List<Member> to = (kind.sparesItsMember() && about.isPresent()
                        ? view.members().stream().filter(m -> !m.equals(about.get()))
                        : view.members().stream())
                .filter(m -> !held.contains(m))
                .toList();
        return sendNumbered(link.id(), entry, to, text);
    }

    /** The names of {@code members}, in order (those an entry is kept for, or typed to). */
    static List<String> names(List<Member> members) {
        return members.stream().map(Member::name).toList();
    }

    /** What is still queued for the link's members and not yet typed is dropped (a gathering closing). */
    public void withdraw(Link link, String why) {
        fanout.post().withdraw(link.id(), why);
    }

    /** Journals and queues a notice for members no longer in a link (after it closed). */
    public void fanoutNotice(Link link, List<Member> to, String text) {
        Message.Notice entry = new Message.Notice(link.id(), text, Map.of(), Map.of());
        send(link.id(), entry, to, text);
    }

    /** Journals and queues a private text for one member. */
    public CompletableFuture<DeliveryResult> inject(Link link, Member to, String text, Prompt kind) {
        return injectNumbered(link, to, text, kind)
                .results()
                .getOrDefault(
                        to,
                        CompletableFuture.completedFuture(new DeliveryResult.Failed("-", to.name() + " has no pane")));
    }

    /** As {@link #inject}, also saying which entry of the journal the prompt is. */
    Sent injectNumbered(Link link, Member to, String text, Prompt kind) {
        Message.Private entry = new Message.Private(link.id(), kind, to.name(), text, Map.of(), Map.of());
        return sendNumbered(link.id(), entry, List.of(to), text);
    }

    /**
     * The one way a message leaves: the entry, in journal {@code journalId}, names each recipient's
     * pane (a restarted daemon delivers what is still queued), is forced to disk, then every
     * recipient's channel gets {@code typed}.
     */
    Map<Member, CompletableFuture<DeliveryResult>> send(
            String journalId, Message entry, List<Member> to, String typed) {
        return sendNumbered(journalId, entry, to, typed).results();
    }

    /** What {@link #sendNumbered} sent: the entry's number in its journal and each recipient's delivery. */
    public record Sent(long ref, Map<Member, CompletableFuture<DeliveryResult>> results) {}

    /** As {@link #send}, also saying which entry of the journal the message is. */
    public Sent sendNumbered(String journalId, Message entry, List<Member> to, String typed) {
        long ref = journalled(journalId, address(entry, to, fanout.post()));
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
    final long journalled(String id, Entry entry) {
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
    final long append(Link link, Entry entry) {
        return journalled(link.id(), entry);
    }

    /** Journals a record that nothing waits on (a close, a member leaving): a refusal is logged, not thrown. */
    final void record(Link link, Entry entry) {
        try {
            journalled(link.id(), entry);
        } catch (JournalUnavailable e) {
            LOG.warn("link {}: {} not journalled: {}", link.id(), entry.kind(), e.getMessage());
        }
    }

    /** Why journal {@code id} is degraded ("cannot write journal (No space left on device)"), if it is. */
    public Optional<String> degraded(String id) {
        return Optional.ofNullable(degraded.get(id)).map(r -> "cannot write journal (" + r + ")");
    }

    /** Every degraded journal, and why. */
    public Map<String, String> degraded() {
        return Map.copyOf(degraded);
    }

    public Journal journal(Link link) {
        return journals.of(link.id());
    }

    /**
     * {@code entry} naming each recipient's pane, and its profile when it is not generic: a restarted
     * daemon types what is still queued into the right pane, the right way.
     */
    public static Message address(Message entry, List<Member> to, PostOffice post) {
        Map<String, String> panes = new LinkedHashMap<>();
        Map<String, String> profiles = new LinkedHashMap<>();
        for (Member m : to) {
            m.pane().ifPresent(p -> {
                panes.put(m.name(), p);
                String profile = post.profileOf(p).name();
                if (!profile.equals("generic")) {
                    profiles.put(m.name(), profile);
                }
            });
        }
        return entry.addressed(panes, profiles);
    }

    /** Records each delivery step as a {@code delivery} entry next to the message it belongs to. */
    public static Ledger ledger(Journals journals) {
        return (letter, pane, state, detail) -> {
            Delivery e = new Delivery(letter.ref(), letter.to(), pane, state.word(), detail);
            try {
                journals.of(letter.journal()).appendUnforced(e);
            } catch (JournalUnavailable refused) {
                // the message itself is journalled; a restarted daemon types it again rather than lose it
                if (refused.closing()) {
                    LOG.debug("delivery step after shutdown not journalled: {}", refused.getMessage());
                    return;
                }
                LOG.warn("delivery step not journalled: {}", refused.getMessage());
            }
        };
    }
}
