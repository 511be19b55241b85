package dev.gather.ops;

import dev.gather.tmux.Pane;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The process each pane of a link runs ({@code pane_pid}), for its journal: pane ids start again at
 * %0 when the tmux server does (a reboot), and a later daemon must not take a stranger's new pane
 * for a member's.
 */
public final class PanePids {
    private PanePids() {}

    /** The pids of those of {@code ids} that are among {@code live}, by pane id. */
    public static Map<String, Integer> of(List<Pane> live, List<String> ids) {
        Map<String, Integer> out = new LinkedHashMap<>();
        live.stream().filter(p -> ids.contains(p.id())).forEach(p -> out.put(p.id(), p.pid()));
        return out;
    }
}
