package dev.gather.identity;

import dev.gather.process.CodexProgram;
import dev.gather.process.Processes;
import dev.gather.tmux.Pane;
import dev.gather.tmux.TmuxException;
import dev.gather.turn.HookEvent;
import dev.gather.turn.HookRejected;
import dev.gather.turn.PaneResolver;
import dev.gather.turn.PanesUnavailable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.IntPredicate;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon's {@link PaneResolver}: a hook event speaks for the pane its writer runs in (a pane
 * whose {@code pane_pid} is among the writer's processes), never simply for the pane it names. A
 * harness session id gather learned in a pane overrides that (a shared background process reports
 * every pane's turns from the first pane's tree). A writer outside every pane must have said
 * {@code on-behalf} explicitly ({@code $GATHER_PANE}); one inside another pane may not.
 */
public final class HookPanes implements PaneResolver {
    private static final Logger LOG = LoggerFactory.getLogger(HookPanes.class);

    /** Finds a harness's session id in a payload; none by default (the lead teaches it Codex's thread id). */
    public static final BiFunction<String, String, Optional<String>> NO_SESSION_IDS =
            (harness, payload) -> Optional.empty();

    private final Supplier<List<Pane>> panes;
    private final LearnedPanes learned;
    private final BiFunction<String, String, Optional<String>> sessionId;
    private final IntPredicate runsCodex;

    public HookPanes(
            Supplier<List<Pane>> panes, LearnedPanes learned, BiFunction<String, String, Optional<String>> sessionId) {
        this(panes, learned, sessionId, CodexProgram::runsIn);
    }

    /** {@code runsCodex} says whether a pane's process (by pid) or one under it is Codex. */
    public HookPanes(
            Supplier<List<Pane>> panes,
            LearnedPanes learned,
            BiFunction<String, String, Optional<String>> sessionId,
            IntPredicate runsCodex) {
        this.panes = panes;
        this.learned = learned;
        this.sessionId = sessionId;
        this.runsCodex = runsCodex;
    }

    /**
     * A spool file is believed only while the process its header names as writer holds that very file
     * open (the hook's holder keeps it until the daemon took it), and the pane is then found from that
     * process's parents and session as {@code /proc} says now, not as the header listed them: a process of the same user that
     * writes a header naming Ada's processes holds no file of Ada's, and its own parents lead elsewhere.
     */
    @Override
    public HookEvent proven(HookEvent event, Path file) throws HookRejected {
        long writer = event.writer()
                .orElseThrow(() -> new HookRejected("it names no process that wrote it (an older or forged header)"));
        if (!SpoolWriter.holds(writer, file)) {
            throw new HookRejected("process " + writer + ", which it names as its writer, does not hold it open:"
                    + " nothing proves who wrote it (a hook's holder keeps its file until the daemon took it)");
        }
        List<Long> chain = Processes.ancestry(writer);
        if (chain.isEmpty()) {
            throw new HookRejected("its writer, process " + writer + ", ended while it was read");
        }
        return event.withLiveChain(withSession(writer, chain));
    }

    /**
     * The chain and, last, the leader of the writer's session. A hook's holder outlives the hook (a
     * harness ends a hook it stopped waiting for): reparented, its parents no longer lead to the pane,
     * but its session does, since tmux makes each pane's process a session leader and no process can
     * join a session it was not born into. Nearer panes in the chain still come first.
     */
    private static List<Long> withSession(long writer, List<Long> chain) {
        return Processes.session(writer)
                .filter(leader -> leader > 1 && !chain.contains(leader))
                .map(leader -> {
                    List<Long> all = new ArrayList<>(chain);
                    all.add(leader);
                    return List.copyOf(all);
                })
                .orElse(chain);
    }

    @Override
    public String resolve(HookEvent event) throws HookRejected {
        List<Pane> live = live();
        Optional<String> byId = sessionId
                .apply(event.harness(), event.payload())
                .flatMap(id -> learned.paneOf(event.harness(), id))
                .filter(p -> live.stream().anyMatch(l -> l.id().equals(p) && !l.dead()));
        if (byId.isPresent()) {
            return byId.get();
        }
        if (event.origin() instanceof HookEvent.Origin.Process process) {
            String in = PaneOfProcess.find(process.pids(), live)
                    .orElseThrow(() -> new HookRejected("its writer (processes " + process.pids()
                            + ") runs in no pane of this tmux server, yet names pane " + event.pane()));
            if (!event.pane().equals("-") && !event.pane().equals(in)) {
                throw new HookRejected("written from inside pane " + in + " but names pane " + event.pane()
                        + " ($TMUX_PANE); a pane speaks only for itself");
            }
            return in;
        }
        if (event.origin() instanceof HookEvent.Origin.OnBehalf behalf) {
            if (event.pane().equals("-")) {
                throw new HookRejected("written on behalf of no pane");
            }
            // saying "on behalf" is for writers outside every pane: one inside another pane is refused
            Optional<String> in = PaneOfProcess.find(behalf.pids(), live);
            if (in.isPresent() && !in.get().equals(event.pane())) {
                throw new HookRejected("written from inside pane " + in.get() + " on behalf of pane " + event.pane()
                        + " ($GATHER_PANE); a pane speaks only for itself");
            }
            LOG.info(
                    "hook event {} accepted on behalf of pane {} (written from outside it)",
                    event.harness(),
                    event.pane());
            return event.pane();
        }
        throw new HookRejected("written by an older gather hook that does not say which process wrote it");
    }

    /**
     * Only a Codex event from its own process tree in a pane running Codex: a payload's thread or
     * input is Codex's word about whose turn it was, and any process could write one (naming text
     * gather typed into Ada, or Ada's thread), so it counts only from the process that runs the turns.
     */
    @Override
    public boolean reportsForOthers(HookEvent event, String writer) {
        if (!"codex".equals(event.harness()) || !(event.origin() instanceof HookEvent.Origin.Process)) {
            return false;
        }
        return live().stream().filter(p -> p.id().equals(writer) && !p.dead()).anyMatch(p -> runsCodex.test(p.pid()));
    }

    /** The panes as tmux lists them now; a tmux that gives no answer says nothing about the event. */
    private List<Pane> live() {
        try {
            return panes.get();
        } catch (TmuxException e) {
            throw new PanesUnavailable("tmux did not list its panes (" + e.kind() + "): " + e.getMessage(), e);
        }
    }
}
