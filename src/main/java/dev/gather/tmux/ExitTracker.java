package dev.gather.tmux;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Compares successive pane listings and tells listeners about every pane that died or vanished. */
final class ExitTracker {
    private static final Logger LOG = LoggerFactory.getLogger(ExitTracker.class);
    private final List<Consumer<String>> sinks = new CopyOnWriteArrayList<>();
    private Set<String> alive = new HashSet<>();

    AutoCloseable add(Consumer<String> sink) {
        sinks.add(sink);
        return () -> sinks.remove(sink);
    }

    boolean hasListeners() {
        return !sinks.isEmpty();
    }

    /** Takes the current listing; panes alive before and dead or missing now are reported once. */
    void update(List<Pane> panes) {
        Set<String> now = new HashSet<>();
        for (Pane p : panes) {
            if (!p.dead()) {
                now.add(p.id());
            }
        }
        Set<String> gone;
        synchronized (this) {
            gone = new HashSet<>(alive);
            gone.removeAll(now);
            alive = now;
        }
        for (String id : gone) {
            for (Consumer<String> sink : sinks) {
                try {
                    sink.accept(id);
                } catch (RuntimeException e) {
                    LOG.warn("pane exit listener failed for {}", id, e);
                }
            }
        }
    }
}
