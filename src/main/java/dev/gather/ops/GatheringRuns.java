package dev.gather.ops;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the daemon knows about each gathering it started beyond its ceremony: who started it (the
 * pane, if any, that may take the piece back), which panes gather spawned for it (ended when it
 * closes, unless kept).
 */
public final class GatheringRuns {
    /** One gathering's run: the starter's pane, the spawned panes by member name, whether to keep them. */
    public record Run(Optional<String> starter, Map<String, String> spawned, boolean keep) {
        public Run {
            spawned = Map.copyOf(spawned);
        }
    }

    private final Map<String, Run> runs = new ConcurrentHashMap<>();

    public void put(String gathering, Run run) {
        runs.put(gathering, run);
    }

    Optional<Run> of(String gathering) {
        return Optional.ofNullable(runs.get(gathering));
    }
}
