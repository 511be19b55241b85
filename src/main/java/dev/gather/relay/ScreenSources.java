package dev.gather.relay;

import dev.gather.tmux.Tmux;
import dev.gather.turn.PaneSettleSource;
import dev.gather.turn.TurnOutput;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fallback turn-output source for members without a hook (a plain program, a human's shell):
 * the pane's output stream, emitted as one turn output when the pane has been quiet for a while,
 * minus everything gather itself typed into it.
 */
public final class ScreenSources implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ScreenSources.class);
    static final Duration QUIET = Duration.ofMillis(1500);

    private record Watch(PaneSettleSource source, AutoCloseable output, ScheduledFuture<?> ticks) {}

    private final Tmux tmux;
    private final ScheduledExecutorService timers;
    private final Clock clock;
    private final Map<String, Watch> byPane = new ConcurrentHashMap<>();

    public ScreenSources(Tmux tmux, ScheduledExecutorService timers, Clock clock) {
        this.tmux = tmux;
        this.timers = timers;
        this.clock = clock;
    }

    /** Reads {@code pane}'s turns from its screen from now on. */
    public void watch(String pane, Consumer<TurnOutput> sink) {
        byPane.computeIfAbsent(pane, p -> {
            PaneSettleSource source = new PaneSettleSource(p, QUIET, clock, sink);
            AutoCloseable output = tmux.onOutput(p, source);
            ScheduledFuture<?> ticks = timers.scheduleAtFixedRate(source::tick, 250, 250, TimeUnit.MILLISECONDS);
            return new Watch(source, output, ticks);
        });
    }

    boolean watching(String pane) {
        return byPane.containsKey(pane);
    }

    /** gather is about to type {@code text} into {@code pane}: its echo is not the member speaking. */
    public void typed(String pane, String text) {
        Watch w = byPane.get(pane);
        if (w != null) {
            w.source().typed(text);
        }
    }

    public void forget(String pane) {
        Watch w = byPane.remove(pane);
        if (w != null) {
            w.ticks().cancel(false);
            try {
                w.output().close();
            } catch (Exception e) {
                LOG.debug("closing the output stream of {}", pane, e);
            }
        }
    }

    @Override
    public void close() {
        byPane.keySet().forEach(this::forget);
    }
}
