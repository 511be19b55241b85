package dev.gather.daemon;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.journal.Journal;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
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
    private final Map<String, BiConsumer<Member, String>> interceptors = new ConcurrentHashMap<>();
    private final List<java.util.function.Consumer<Link.View>> closeListeners =
            new java.util.concurrent.CopyOnWriteArrayList<>();
    private final List<java.util.function.Consumer<String>> goneListeners =
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

    /** Routes the outputs of {@code linkId}'s members to {@code interceptor} (a gathering) instead. */
    public void intercept(String linkId, BiConsumer<Member, String> interceptor) {
        interceptors.put(linkId, interceptor);
    }

    /** One turn output from a hook or a settled pane. */
    public void onTurnOutput(TurnOutput output) {
        Optional<Link> found = links.byPane(output.pane());
        if (found.isEmpty()) {
            LOG.debug("turn output from unlinked pane {} ignored", output.pane());
            return;
        }
        Link link = found.get();
        Optional<Member> from = link.memberInPane(output.pane());
        Optional<String> text = filter.apply(output.text());
        if (from.isEmpty() || text.isEmpty()) {
            return;
        }
        BiConsumer<Member, String> interceptor = interceptors.get(link.id());
        if (interceptor != null) {
            interceptor.accept(from.get(), text.get());
            return;
        }
        synchronized (link) {
            relay(link, from.get(), text.get(), "relay");
            if (link.spendTurn()) {
                int turns = link.snapshot().turnsUsed();
                String notice = Template.fill(direct.budgetNotice(), Map.of("turns", turns));
                announce(link, notice, "budget_exhausted");
                close(link, "turn budget used");
            }
        }
    }

    /** Journals and delivers {@code text} from {@code from} to everyone else in the link. */
    public Map<Member, DeliveryResult> relay(Link link, Member from, String text, String kind) {
        Link.View view = link.snapshot();
        List<Member> to = view.othersThan(from);
        ObjectNode entry = Journal.entry(kind).put("link", view.id()).put("from", from.name());
        entry.put("from_number", from.number());
        to.forEach(m -> entry.withArray("to").add(m.name()));
        entry.put("text", text);
        journal(link).append(entry);
        Map<Member, DeliveryResult> results = fanout.deliver(to, Attribution.of(from, text));
        record(link, results);
        return results;
    }

    /** Journals and delivers a system text to every member; {@code kind} names the prompt. */
    public void announce(Link link, String text, String kind) {
        Link.View view = link.snapshot();
        journal(link)
                .append(Journal.entry("announce")
                        .put("prompt", kind)
                        .put("link", view.id())
                        .put("text", text));
        record(link, fanout.deliver(view.members(), text));
    }

    /** Delivers a notice to members no longer in a link (after it closed); nothing is journalled twice. */
    public void fanoutNotice(List<Member> to, String text) {
        fanout.deliver(to, text);
    }

    /** Journals and delivers a private text to one member. */
    public DeliveryResult inject(Link link, Member to, String text, String kind) {
        journal(link)
                .append(Journal.entry("private")
                        .put("link", link.id())
                        .put("prompt", kind)
                        .put("to", to.name())
                        .put("text", text));
        Map<Member, DeliveryResult> results = fanout.deliver(List.of(to), text);
        record(link, results);
        return results.getOrDefault(to, new DeliveryResult.Failed("-", to.name() + " has no pane"));
    }

    /** Closes the link for everyone, journalled. */
    public void close(Link link, String reason) {
        journal(link).append(Journal.entry("close").put("link", link.id()).put("text", reason));
        links.close(link);
        interceptors.remove(link.id());
        Link.View view = link.snapshot();
        closeListeners.forEach(l -> l.accept(view));
    }

    /** Also tell {@code listener} when a link closes. */
    public void onClosed(java.util.function.Consumer<Link.View> listener) {
        closeListeners.add(listener);
    }

    /** Also tell {@code listener} when a pane is found gone (a gathering skips its member). */
    public void onGone(java.util.function.Consumer<String> listener) {
        goneListeners.add(listener);
    }

    /** A pane ended: its member leaves every link, and nothing more is typed into it. */
    public void paneGone(String pane) {
        goneListeners.forEach(l -> l.accept(pane));
        links.byPane(pane).ifPresent(link -> {
            Optional<Member> m = link.memberInPane(pane);
            links.removePane(pane);
            m.ifPresent(member -> journal(link)
                    .append(Journal.entry("left")
                            .put("link", link.id())
                            .put("from", member.name())
                            .put("text", member.name() + " left (pane " + pane + " ended)")));
            if (!link.snapshot().open()) {
                // same path as any close: journal, interceptor, listeners (e.g. the survivor's screen watch)
                close(link, "fewer than two members");
            }
        });
    }

    Journal journal(Link link) {
        return journals.of(link.id());
    }

    private void record(Link link, Map<Member, DeliveryResult> results) {
        results.forEach((m, r) -> {
            if (r instanceof DeliveryResult.PaneGone g) {
                paneGone(g.paneId());
            } else if (r instanceof DeliveryResult.Failed f) {
                journal(link)
                        .append(Journal.entry("delivery_failed")
                                .put("link", link.id())
                                .put("to", m.name())
                                .put("text", f.reason()));
            }
        });
    }
}
