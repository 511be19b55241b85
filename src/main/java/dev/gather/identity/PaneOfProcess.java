package dev.gather.identity;

import dev.gather.tmux.Pane;
import java.util.List;
import java.util.Optional;

/** Which pane a chain of processes runs in: the live pane whose {@code pane_pid} is in the chain. */
public final class PaneOfProcess {
    private PaneOfProcess() {}

    /** The nearest pane in {@code chain} (a process and its parents, nearest first), if any. */
    public static Optional<String> find(List<Long> chain, List<Pane> panes) {
        for (long pid : chain) {
            for (Pane p : panes) {
                if (!p.dead() && p.pid() == pid) {
                    return Optional.of(p.id());
                }
            }
        }
        return Optional.empty();
    }
}
