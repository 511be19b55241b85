package dev.gather.ops;

import dev.gather.gathering.Gathering;
import dev.gather.journal.Audit;
import dev.gather.link.Link;
import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.process.CodexProgram;
import dev.gather.server.Acting;
import dev.gather.server.Request;
import dev.gather.tmux.Pane;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The daemon's state as {@link Acting} sees it: the names held, and the gathering a request is about. */
public final class ActingView implements Acting.View {
    private final Household d;

    public ActingView(Household d) {
        this.d = d;
    }

    @Override
    public List<Acting.Holder> names() {
        List<Acting.Holder> names = new ArrayList<>();
        d.links.all().forEach(l -> l.snapshot().members().forEach(m -> names.add(holder(m))));
        d.gatherings.all().forEach(g -> g.members().forEach(m -> names.add(holder(m))));
        for (Pane p : d.tmux.panes()) {
            if (!p.dead()) {
                names.add(new Acting.Holder(p.session(), Optional.of(p.id())));
            }
        }
        return names;
    }

    @Override
    public Optional<Acting.Circle> gathering(Request r) {
        Optional<String> id = r.optionalText("gathering");
        Optional<Gathering> g = id.isPresent()
                ? d.gatherings.all().stream()
                        .filter(x -> x.id().equals(id.get()))
                        .findFirst()
                : r.callerPane().flatMap(d.gatherings::byPane).or(() -> {
                    List<Gathering> running = d.gatherings.running();
                    return running.size() == 1 ? Optional.of(running.get(0)) : Optional.empty();
                });
        return g.map(x -> new Acting.Circle(
                x.id(),
                x.members().stream().map(ActingView::holder).toList(),
                x.members().stream()
                        .filter(m -> m.role() == Role.HUMAN)
                        .map(Member::name)
                        .toList(),
                d.runs.of(x.id()).flatMap(GatheringRuns.Run::starter)));
    }

    /** Journals, in the gathering's journal, that {@code r} is done by the user as the operator. */
    public void journalOperator(Request r) {
        String journal = gathering(r).map(Acting.Circle::id).orElse("oneshot");
        d.journals
                .of(journal)
                .append(new Audit.Operator(
                        r.op(), r.callerPane().map(p -> "pane " + p).orElse("a process outside every pane")));
    }

    /** Whether {@code pane} runs Codex, whose one background server speaks for every Codex pane. */
    public boolean runsCodex(String pane) {
        return d.tmux.panes().stream().anyMatch(p -> p.id().equals(pane) && !p.dead() && CodexProgram.runsIn(p.pid()));
    }

    private static Acting.Holder holder(Member m) {
        return new Acting.Holder(m.name(), m.pane());
    }

    /**
     * A process outside every pane acts for a pane: the pane's link journal (or the one-shot journal)
     * records who, before the op does anything.
     */
    public void journalOnBehalf(Request r) {
        String pane = r.callerPane().orElseThrow();
        String journal = d.links.byPane(pane).map(Link::id).orElse("oneshot");
        d.journals
                .of(journal)
                .append(new Audit.OnBehalf(
                        r.op(), null, null, pane, r.onBehalf().orElseThrow()));
    }
}
