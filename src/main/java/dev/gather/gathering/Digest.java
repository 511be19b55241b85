package dev.gather.gathering;

import dev.gather.journal.Announcement;
import dev.gather.journal.Prompt;
import dev.gather.link.Attribution;
import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.rhythm.Listening;
import dev.gather.turn.Typed;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * How the gathering's agents hear, between its steps and the world. Live, every effect passes as it
 * is. Digest: every message to all (the holder's words, announcements, confided words) is journalled
 * and typed to people now, but kept for each agent and typed to it once, in front of its own prompt
 * (the piece reaching it, a beat, the harvest prompt): a message to a harness is a model call, and
 * a listener's model then runs only for its own turns. Runs on the gathering's lane.
 */
final class Digest implements EffectSink {
    /** Follows the count of messages a digest left out for room. */
    static final String LEFT_OUT =
            " earlier messages left out: more was said than one message carries; gather transcript has every word)";

    private final Ceremony c;
    private final EffectSink out;
    private final Listening listening;
    /** What each agent was not yet told, as it would have been typed, oldest first (restored on resume). */
    private final Map<Member, List<Untold>> kept;

    Digest(Ceremony c, EffectSink out) {
        this.c = c;
        this.out = out;
        this.listening = c.rhythm.listening();
        this.kept = c.unheard;
    }

    @Override
    public void accept(Effect e) {
        if (!listening.digest()) {
            out.accept(e);
            return;
        }
        // each effect goes out first: refused (the journal cannot be written), nothing here changes
        if (e instanceof Effect.Relay r) {
            List<Member> held = agents(m -> !m.equals(r.from()));
            out.accept(new Effect.Relay(r.from(), r.text(), held));
            keep(held, Untold.said(Attribution.of(r.from(), r.text())));
        } else if (e instanceof Effect.Confide f) {
            List<Member> held = f.to().stream().filter(Digest::agent).toList();
            out.accept(new Effect.Confide(f.from(), f.text(), f.to(), held));
            keep(held, Untold.said(Attribution.of(f.from(), f.text())));
        } else if (e instanceof Effect.Announce a) {
            announce(a);
        } else if (e instanceof Effect.Inject i && agent(i.to()) && i.kind() == Prompt.REMINDER) {
            // typed now, a reminder would be a model call whose answer is out of turn again: it
            // comes with the member's next prompt instead, as what it was not yet told
            keep(List.of(i.to()), Untold.said(i.text()));
        } else if (e instanceof Effect.Inject i && agent(i.to())) {
            out.accept(new Effect.Inject(i.to(), i.kind(), withKept(i.to(), i.text())));
            kept.remove(i.to());
        } else {
            out.accept(e);
        }
    }

    /**
     * An announcement is kept for every agent it is for; the piece reaching an agent is typed to it
     * at once, after everything it was not yet told: that message gives it the floor. Of the piece's
     * moves an agent was not yet told, only the last is kept: where it is now.
     */
    private void announce(Effect.Announce a) {
        // who left is not told so; who joined gets its seed instead (as the relay addresses them)
        boolean others = a.kind().sparesItsMember();
        List<Member> held = agents(m -> !(others && a.about().filter(m::equals).isPresent()));
        out.accept(a.heldFor(held));
        Member taker =
                a.kind() == Announcement.TURN ? a.about().filter(Digest::agent).orElse(null) : null;
        keep(held.stream().filter(m -> !m.equals(taker)).toList(), Untold.announced(a.kind(), a.text()));
        if (taker != null) {
            Optional.ofNullable(kept.get(taker)).ifPresent(untold -> untold.removeIf(Untold::turn));
            out.accept(new Effect.Inject(taker, Prompt.TURN, withKept(taker, a.text())));
            kept.remove(taker);
        }
    }

    /**
     * A phase ended (not at the harvest): a harvester that hears phase by phase gets what it said,
     * and what else it was not yet told, in one message.
     */
    void phaseEnded() {
        if (!listening.digest() || listening.harvester() != Listening.HarvesterHears.PHASE_END) {
            return;
        }
        c.harvester.filter(c::isPresent).filter(Digest::agent).ifPresent(h -> {
            List<String> texts = typed(h);
            if (!texts.isEmpty()) {
                out.accept(new Effect.Inject(h, Prompt.DIGEST, String.join("\n\n", texts)));
                kept.remove(h);
            }
        });
    }

    /**
     * {@code text} after everything {@code m} was not yet told, as much of it as one paste carries: the
     * oldest messages are left out first (and counted), never the member's own prompt at the end. Cut
     * at the paste's bound instead, a long gathering's digest lost its end: the harvest prompt, or the
     * piece reaching the member, so nobody was asked for anything.
     */
    private String withKept(Member m, String text) {
        List<String> texts = typed(m);
        int room = Typed.MAX_CHARS - text.length() - LEFT_OUT.length() - 20;
        Deque<String> fits = new ArrayDeque<>();
        int used = 0;
        for (int i = texts.size() - 1; i >= 0 && used + texts.get(i).length() + 2 <= room; i--) {
            fits.addFirst(texts.get(i));
            used += texts.get(i).length() + 2;
        }
        List<String> parts = new ArrayList<>();
        int left = texts.size() - fits.size();
        if (left > 0) {
            parts.add("(" + left + LEFT_OUT);
        }
        parts.addAll(fits);
        parts.add(text);
        return String.join("\n\n", parts);
    }

    private void keep(List<Member> held, Untold u) {
        held.forEach(m -> Untold.keep(kept.computeIfAbsent(m, k -> new ArrayList<>()), u));
    }

    /** What {@code m} was not yet told, as typed, oldest first. */
    private List<String> typed(Member m) {
        return kept.getOrDefault(m, List.of()).stream().map(Untold::typed).toList();
    }

    /** The present agents {@code which} accepts, in the link's order. */
    private List<Member> agents(Predicate<Member> which) {
        return c.members.stream()
                .filter(c::isPresent)
                .filter(Digest::agent)
                .filter(which)
                .toList();
    }

    /**
     * Whether a message typed to {@code m} wakes a model: an agent in a pane. People hear every word
     * as it is said, and a member without a pane reads (hear) at its own pace, all it missed at once.
     */
    private static boolean agent(Member m) {
        return m.role() != Role.HUMAN && m.pane().isPresent();
    }
}
