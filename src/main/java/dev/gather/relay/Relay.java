package dev.gather.relay;

import dev.gather.journal.Announcement;
import dev.gather.journal.Audit;
import dev.gather.journal.JournalUnavailable;
import dev.gather.journal.Journals;
import dev.gather.journal.Kept;
import dev.gather.journal.Lifecycle;
import dev.gather.link.Fanout;
import dev.gather.link.Link;
import dev.gather.link.Links;
import dev.gather.link.Member;
import dev.gather.rhythm.Template;
import dev.gather.tmux.DeliveryResult;
import dev.gather.turn.NotTakenYet;
import dev.gather.turn.PaneSettleSource;
import dev.gather.turn.TurnFilter;
import dev.gather.turn.TurnOutput;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The data path of one turn: filter, journal (before any delivery), fan out to every other member,
 * drop members whose pane is gone, count the link's turn budget. A link that belongs to a gathering
 * hands its members' outputs to the gathering instead.
 */
public final class Relay extends Outbox {
    private static final Logger LOG = LoggerFactory.getLogger(Relay.class);

    private final Links links;
    private final TurnFilter filter;
    private final DirectRhythm direct;
    private final EndingTurns ending = new EndingTurns();
    /**
     * Per pane, the last words a stopped daemon journalled from it: the spool may hand that turn over
     * again (its file was not yet deleted when the daemon died), and it is not relayed twice.
     */
    private final Map<String, LastSaid> journalledBefore = new ConcurrentHashMap<>();

    /** Per link, who orders a member's leaving (a gathering's lane): journalled in its turn, no piece follows it. */
    private final Map<String, BiFunction<Member, Runnable, CompletableFuture<Void>>> leavings =
            new ConcurrentHashMap<>();

    private final RelayPort port;
    /** Where the turns of a gathering's link go instead of being relayed. */
    private final Handing handing;

    public Relay(
            Links links, Journals journals, Fanout fanout, TurnFilter filter, DirectRhythm direct, RelayPort port) {
        this(links, journals, fanout, filter, direct, port, HandedOver.WITHIN);
    }

    /** As above; a spool's turn not taken by its gathering within {@code within} stays in the spool. */
    Relay(
            Links links,
            Journals journals,
            Fanout fanout,
            TurnFilter filter,
            DirectRhythm direct,
            RelayPort port,
            Duration within) {
        super(journals, fanout);
        this.links = links;
        this.filter = filter;
        this.direct = direct;
        this.port = port;
        this.handing = new Handing(within);
    }

    public DirectRhythm direct() {
        return direct;
    }

    /** A relay for links without a turn budget (benchmarks, tools). */
    public static Relay unbudgeted(Links links, Journals journals, Fanout fanout) {
        return new Relay(
                links,
                journals,
                fanout,
                TurnFilter.defaults(),
                new DirectRhythm("direct", OptionalInt.empty(), "", ""),
                RelayPort.NONE);
    }

    /** A resumed link's member in {@code pane} last said what the daemon before journalled. */
    public void journalledBefore(String pane, LastSaid said) {
        journalledBefore.put(pane, said);
    }

    /** Routes the outputs of {@code linkId}'s members to {@code interceptor} (a gathering) instead. */
    public void intercept(String linkId, Interception interceptor) {
        handing.intercept(linkId, interceptor);
    }

    /**
     * Hands the leaving of {@code linkId}'s members to {@code ordered}, which runs what it is given in
     * its order; its future completes once it did.
     */
    public void orderLeaving(String linkId, BiFunction<Member, Runnable, CompletableFuture<Void>> ordered) {
        leavings.put(linkId, ordered);
    }

    /**
     * One turn output from a hook or a settled pane. The future completes once every recipient's
     * copy was typed or failed (callers on the data path do not wait for it).
     */
    public CompletableFuture<Void> onTurnOutput(TurnOutput output) {
        return ending.during(output.pane(), () -> handOver(output, false));
    }

    /**
     * As {@link #onTurnOutput}, for a turn from the spool, which keeps its file until this returns: one
     * its gathering has not taken in time throws {@link NotTakenYet}; handed again, the gathering does
     * not hear it twice.
     */
    public CompletableFuture<Void> onSpooledTurn(TurnOutput output) {
        return ending.during(output.pane(), () -> handOver(output, true));
    }

    private CompletableFuture<Void> handOver(TurnOutput output, boolean spooled) {
        // what the turn took, read first: a hook can beat its door's poll; the turn's id tells an earlier end
        fanout.post().look(output.pane(), output.turn());
        Map<Member, CompletableFuture<DeliveryResult>> sent = relayTurn(output, spooled);
        Set<String> reached =
                sent.keySet().stream().flatMap(m -> m.pane().stream()).collect(Collectors.toSet());
        port.turnEnding(output, filter.apply(output.text()), reached);
        // after the words went out: the speaker is idle, its own queue may move
        fanout.post()
                .turnEnded(
                        output.pane(),
                        Optional.of(output.harness()),
                        output.harness().equals(PaneSettleSource.HARNESS) ? "screen settled" : "turn-end hook",
                        Optional.of(output.time()));
        return CompletableFuture.allOf(sent.values().toArray(CompletableFuture[]::new));
    }

    /** Runs {@code then} once no turn end of {@code link}'s members is being handled (a harvest's close ends panes). */
    public void afterTurnEnds(Link link, Runnable then) {
        ending.after(link, then);
    }

    private Map<Member, CompletableFuture<DeliveryResult>> relayTurn(TurnOutput output, boolean spooled) {
        Optional<Link> found = links.byPane(output.pane());
        if (found.isEmpty()) {
            // a member of a link owned by another computer, or nobody's
            port.unlinked(output);
            return Map.of();
        }
        Link link = found.get();
        Optional<Member> from = link.memberInPane(output.pane());
        if (from.isEmpty()) {
            return Map.of();
        }
        // only words count: an empty turn end (filtered out) says nothing about a repeat
        Optional<String> words = filter.apply(output.text());
        LastSaid before = words.isPresent() ? journalledBefore.remove(output.pane()) : null;
        if (before != null && before.again(words.get(), output.time())) {
            record(
                    link,
                    new Kept.Duplicate(
                            link.id(),
                            from.get().name(),
                            "the same turn came again after a restart (journalled before the daemon stopped);"
                                    + " not relayed twice"));
            return Map.of();
        }
        if (output.onBehalf().isPresent() && words.isPresent()) {
            // like an op done on behalf of a pane: the journal says who, before the words go anywhere
            journalled(
                    link.id(),
                    new Audit.OnBehalf(
                            "hook",
                            output.harness(),
                            link.id(),
                            output.pane(),
                            output.onBehalf().get()));
        }
        return speak(link, from.get(), output.text(), output.time(), spooled);
    }

    /**
     * {@code from}'s words in {@code link}, said at {@code at}, by the same path as a pane's turn end:
     * filtered, handed to the link's gathering if it has one, else journalled and fanned out, counting
     * the turn budget. Empty when the filter dropped them (or a gathering took them).
     */
    public Map<Member, CompletableFuture<DeliveryResult>> speak(Link link, Member member, String words, Instant at) {
        return speak(link, member, words, at, false);
    }

    /** {@code spooled}: a turn from the spool, which keeps it until its gathering took it ({@link NotTakenYet}). */
    private Map<Member, CompletableFuture<DeliveryResult>> speak(
            Link link, Member member, String words, Instant at, boolean spooled) {
        Optional<String> text = filter.apply(words);
        if (text.isEmpty()) {
            return Map.of();
        }
        if (handing.hand(link, member, text.get(), at, spooled)) {
            // as for a direct link: the hook file goes only once the gathering journalled the words
            return Map.of();
        }
        synchronized (link) {
            // a JournalUnavailable here leaves the turn in the spool, to be relayed once the journal takes it
            Map<Member, CompletableFuture<DeliveryResult>> sent = relay(link, member, text.get());
            if (link.spendTurn()) {
                int turns = link.snapshot().turnsUsed();
                String notice = Template.fill(direct.budgetNotice(), Map.of("turns", turns));
                try {
                    announce(link, notice, Announcement.BUDGET_EXHAUSTED);
                } catch (JournalUnavailable e) {
                    // the turn itself went out: retrying it for the sake of the notice would say it twice
                    LOG.warn("link {}: budget notice not sent: {}", link.id(), e.getMessage());
                }
                close(link, "turn budget used");
            }
            return sent;
        }
    }

    /** Closes the link for everyone, journalled once however many paths close it. */
    public void close(Link link, String reason) {
        if (!link.claimClose()) {
            links.close(link);
            return;
        }
        record(link, new Lifecycle.Close(link.id(), reason));
        links.close(link);
        handing.closed(link.id());
        leavings.remove(link.id());
        port.closed(link.snapshot());
    }

    /** A pane ended: its member leaves every link, and nothing more is typed into it. */
    @Override
    public void paneGone(String pane) {
        fanout.post().gone(pane);
        leave(pane, "pane " + pane + " ended");
    }

    /** {@code m}, a member without a pane, leaves {@code link} for {@code why}; journalled like any leaving. */
    public void leave(Link link, Member m, String why) {
        if (links.removeMember(link, m)) {
            left(link, Optional.of(m), why);
        }
    }

    /** Whether {@code words} would be relayed at all (not empty, not a checkpoint), and as what. */
    public Optional<String> filtered(String words) {
        return filter.apply(words);
    }

    /**
     * The member in {@code pane} leaves its link for {@code why} (gone, never ready); a link whose
     * leavings are ordered (a gathering, whose lane may be about to give it the piece) journals it in turn;
     * the future completes once it is journalled.
     */
    public CompletableFuture<Void> leave(String pane, String why) {
        port.gone(pane);
        Optional<Link> found = links.byPane(pane);
        if (found.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        Link link = found.get();
        Optional<Member> m = link.memberInPane(pane);
        if (links.removePane(pane).isEmpty()) {
            return CompletableFuture.completedFuture(null); // another notice of this pane's end got there first
        }
        BiFunction<Member, Runnable, CompletableFuture<Void>> ordered = leavings.get(link.id());
        if (ordered != null && m.isPresent()) {
            return ordered.apply(m.get(), () -> left(link, m, why));
        }
        left(link, m, why);
        return CompletableFuture.completedFuture(null);
    }

    private void left(Link link, Optional<Member> m, String why) {
        m.ifPresent(x -> record(link, new Lifecycle.Left(link.id(), x.name(), x.name() + " left (" + why + ")")));
        if (!link.snapshot().open()) {
            // same path as any close: journal, interceptor, port (e.g. the survivor's screen watch)
            close(link, "fewer than two members");
        }
    }
}
