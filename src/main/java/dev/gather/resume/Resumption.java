package dev.gather.resume;

import dev.gather.gathering.Gathering;
import dev.gather.journal.Lifecycle;
import dev.gather.journal.Line;
import dev.gather.journal.Message;
import dev.gather.journal.Transcript;
import dev.gather.link.Link;
import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.ops.GatheringRuns;
import dev.gather.ops.Household;
import dev.gather.ops.StartGatheringOp;
import dev.gather.profile.Profile;
import dev.gather.relay.DirectRhythm;
import dev.gather.relay.Replies;
import dev.gather.remote.Remote;
import dev.gather.rhythm.Rhythm;
import dev.gather.tmux.Pane;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A new daemon takes up what the last one left running: every link and gathering whose journal
 * never closed and whose panes still live is re-opened where it stood (a gathering at the same
 * phase, round, holder and beat, from its journal replayed); what cannot resume (its panes gone,
 * a journal too old to say where it stood) is marked interrupted, as before.
 */
public final class Resumption {
    private static final Logger LOG = LoggerFactory.getLogger(Resumption.class);

    private final Household d;
    private final List<Runnable> go = new ArrayList<>();
    /** The tmux server's panes now, by id: one look serves every journal. */
    private final Map<String, Pane> panes = new HashMap<>();

    private Resumption(Household d) {
        this.d = d;
        panes.putAll(panes(d));
    }

    /** The tmux server's panes now, by id. */
    private static Map<String, Pane> panes(Household d) {
        Map<String, Pane> now = new HashMap<>();
        try {
            d.tmux.panes().forEach(p -> now.put(p.id(), p));
        } catch (RuntimeException e) {
            // no tmux server: no pane lives, nothing local resumes
            LOG.info("no tmux panes to resume into: {}", e.getMessage());
        }
        return now;
    }

    /**
     * Re-opens the links and rebuilds the gatherings (nothing typed yet); the result, run once the
     * messages the last daemon left queued are queued again, resumes the gatherings' ceremonies, so
     * what was said before the stop is typed before anything new.
     */
    public static Runnable prepare(Household d) {
        Resumption r = new Resumption(d);
        for (String id :
                Recovery.unclosed(d.journals, id -> id.equals(Replies.JOURNAL) || id.startsWith(Remote.REMOTE))) {
            List<Line> entries = Transcript.lines(d.journals.file(id));
            try {
                if (GatheringReplay.start(entries).isPresent()) {
                    r.gathering(id, entries);
                } else {
                    r.direct(id, entries);
                }
                d.resumed.add(id);
                LOG.info("{} resumed", id);
            } catch (GatheringReplay.NotResumable | IllegalArgumentException | IllegalStateException e) {
                Recovery.markInterrupted(d.journals, id, e.getMessage());
                d.interrupted.add(id);
                LOG.info("{} cannot resume: {}", id, e.getMessage());
            }
        }
        return () -> r.go.forEach(Runnable::run);
    }

    private void gathering(String id, List<Line> entries) {
        GatheringReplay.Replayed g = GatheringReplay.of(id, entries);
        Rhythm rhythm = d.rhythms.load(g.rhythm());
        List<Member> here = g.members().stream()
                .filter(m -> !g.snapshot().gone().contains(m.name()))
                // a member without a pane took part through a token, which a restart forgets
                .filter(m -> !g.pulls().contains(m.name()))
                .filter(m -> m.pane().map(p -> alive(p, g.panePids())).orElse(true))
                .toList();
        long speakers = here.stream().filter(m -> m.role() != Role.HARVESTER).count();
        if (speakers < rhythm.roles().minSpeakers()) {
            throw new GatheringReplay.NotResumable("its panes are gone: " + speakers + " of its speakers live, "
                    + rhythm.roles().minSpeakers() + " needed");
        }
        here.forEach(m -> m.pane().ifPresent(p -> {
            // an agent gather typed into with a known harness waits until it is ready again; a pane
            // with the generic profile (a user's own) is typed into as before
            Optional.ofNullable(g.profiles().get(m.name())).ifPresent(name -> d.post.started(p, profile(name)));
            Optional.ofNullable(g.lastWords().get(m.name())).ifPresent(w -> d.relay.journalledBefore(p, w));
        }));
        d.runs.put(id, new GatheringRuns.Run(g.starter(), g.spawned(), g.keep()));
        Link link = d.links.create(id, rhythm.name(), OptionalInt.empty(), here);
        String question = g.options().question().orElse(rhythm.openingQuestion());
        Gathering gathering = new StartGatheringOp(d)
                .wire(
                        id,
                        link,
                        rhythm,
                        question,
                        Optional.empty(),
                        here,
                        (setting, sink) -> Gathering.resumed(id, rhythm, g.members(), g.options(), setting, sink),
                        Floors.of(entries));
        d.journals
                .of(id)
                .append(new Lifecycle.Resumed(
                        id,
                        g.snapshot().state().name().toLowerCase(Locale.ROOT),
                        g.snapshot().turn(),
                        "a new daemon resumed this gathering where the journal left it"));
        go.add(() -> {
            gathering.resume(g.snapshot(), d.clock.instant());
            // who was a member but whose pane is gone leaves, as if its pane had just ended
            g.members().stream()
                    .filter(m -> !here.contains(m) && !g.snapshot().gone().contains(m.name()))
                    .forEach(gathering::memberGone);
        });
    }

    private void direct(String id, List<Line> entries) {
        Lifecycle.Handshake hs = entries.stream()
                .map(Line::entry)
                .filter(Lifecycle.Handshake.class::isInstance)
                .map(Lifecycle.Handshake.class::cast)
                .findFirst()
                // one from before resumable links named no panes: no record reads it
                .orElseThrow(() -> new GatheringReplay.NotResumable("its journal has no handshake naming both panes"));
        Member from = Member.inPane(hs.from(), 1, Role.SPEAKER, hs.fromPane());
        Member to = Member.inPane(hs.to(), 2, Role.SPEAKER, hs.toPane());
        for (Member m : List.of(from, to)) {
            if (!alive(m.pane().orElseThrow(), hs.panePids())) {
                throw new GatheringReplay.NotResumable("its panes are gone: " + m.name() + "'s pane "
                        + m.pane().get() + " ended");
            }
        }
        DirectRhythm rhythm = d.relay.direct();
        Link link = d.links.create(id, rhythm.name(), rhythm.turnBudget(), List.of(from, to));
        var profiles = GatheringReplay.profiles(entries);
        var words = GatheringReplay.lastWords(entries);
        for (Member m : List.of(from, to)) {
            String pane = m.pane().orElseThrow();
            Optional.ofNullable(profiles.get(m.name())).ifPresent(p -> d.post.started(pane, profile(p)));
            Optional.ofNullable(words.get(m.name())).ifPresent(w -> d.relay.journalledBefore(pane, w));
        }
        long relayed = entries.stream()
                .filter(l -> l.entry() instanceof Message.Relay r && !r.sent())
                .count();
        for (long i = 0; i < relayed; i++) {
            link.spendTurn();
        }
        if (hs.screen()) {
            d.screens.watch(to.pane().orElseThrow(), d.relay::onTurnOutput);
        }
        d.journals.of(id).append(new Lifecycle.Resumed(id, null, null, "a new daemon re-opened this link"));
    }

    /**
     * Whether {@code pane} still lives: a pane of this tmux server still running the process the
     * journal saw there ({@code pids}), or a member on another computer (re-adopted: the liveness
     * checks end it if its computer stays away).
     */
    private boolean alive(String pane, Map<String, Integer> pids) {
        return alive(d, panes, pane, pids);
    }

    private static boolean alive(Household d, Map<String, Pane> panes, String pane, Map<String, Integer> pids) {
        if (d.remote.address(pane).isPresent()) {
            return true;
        }
        Pane now = panes.get(pane);
        if (now == null || now.dead()) {
            return false;
        }
        // the same pane id running another process is another pane (the server restarted, or the
        // pane was respawned): journals from before pids were kept trust the id alone
        return !pids.containsKey(pane) || pids.get(pane) == now.pid();
    }

    private Profile profile(String name) {
        return name == null ? d.profiles.generic() : d.profiles.get(name).orElseGet(d.profiles::generic);
    }

    /**
     * Queues again what the last daemon left queued or half typed (a paste left in a box is submitted
     * once if the box still shows it), before the resumed ceremonies go on.
     */
    public static void requeue(Household d) {
        Map<String, Pane> now = panes(d);
        int requeued = Recovery.redeliver(
                d.journals,
                d.post,
                d.ledger,
                d.remote::adopt,
                (pane, pids) -> alive(d, now, pane, pids),
                (pane, text, profile) -> {
                    try {
                        return d.deliverer.finishTyping(pane, text, profile.quirks());
                    } catch (RuntimeException e) {
                        return false;
                    }
                });
        if (requeued > 0) {
            LOG.info("{} messages the last daemon left queued are queued again", requeued);
        }
    }
}
