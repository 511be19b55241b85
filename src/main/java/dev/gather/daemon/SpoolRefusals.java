package dev.gather.daemon;

import dev.gather.identity.PaneOfProcess;
import dev.gather.journal.Audit;
import dev.gather.tmux.TmuxException;
import dev.gather.turn.HookEvent;
import dev.gather.turn.SpoolWatcher;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Journals a spool file the daemon refused (a forged writer, a pane that is not the writer's) in the
 * journal of the link it tried to speak in: the pane its header names, or the pane of the processes
 * it lists. One that claims no linked pane is only logged (the spool watcher does that).
 */
final class SpoolRefusals implements SpoolWatcher.Refusals {
    private static final Logger LOG = LoggerFactory.getLogger(SpoolRefusals.class);

    private final Daemon d;

    SpoolRefusals(Daemon d) {
        this.d = d;
    }

    @Override
    public void refused(Optional<HookEvent> event, String reason) {
        if (event.isEmpty()) {
            return;
        }
        HookEvent e = event.get();
        Optional<String> claimed = claimedPane(e);
        claimed.flatMap(d.links::byPane).ifPresent(link -> {
            try {
                d.journals.of(link.id()).append(new Audit.Refused(e.harness(), claimed.get(), reason));
            } catch (RuntimeException failed) {
                LOG.warn("could not journal a refused hook event for pane {}: {}", claimed.get(), failed.toString());
            }
        });
    }

    private Optional<String> claimedPane(HookEvent e) {
        if (!e.pane().equals("-")) {
            return Optional.of(e.pane());
        }
        List<Long> pids = e.origin() instanceof HookEvent.Origin.Process p
                ? p.pids()
                : e.origin() instanceof HookEvent.Origin.OnBehalf b ? b.pids() : List.of();
        try {
            return PaneOfProcess.find(pids, d.tmux.panes());
        } catch (TmuxException slow) {
            LOG.warn("could not tell which pane a refused hook event came from: {}", slow.getMessage());
            return Optional.empty(); // only logged: the watcher goes on with the next event
        }
    }
}
