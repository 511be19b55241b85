package dev.gather.identity;

import dev.gather.tmux.Pane;
import dev.gather.turn.HookEvent;
import dev.gather.turn.HookRejected;
import dev.gather.turn.PaneResolver;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
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

    public HookPanes(
            Supplier<List<Pane>> panes, LearnedPanes learned, BiFunction<String, String, Optional<String>> sessionId) {
        this.panes = panes;
        this.learned = learned;
        this.sessionId = sessionId;
    }

    @Override
    public String resolve(HookEvent event) throws HookRejected {
        List<Pane> live = panes.get();
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
}
