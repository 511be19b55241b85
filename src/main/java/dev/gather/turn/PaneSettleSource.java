package dev.gather.turn;

import dev.gather.journal.JournalUnavailable;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fallback turn source for programs without hooks and for human terminals: collects a pane's
 * output stream and, once the pane has been quiet for a while (or the tmux driver says it settled),
 * emits what appeared as one turn output, minus everything gather itself typed into the pane so
 * relayed words never come back as the member's own. Thread-safe; time comes from the clock, and
 * {@link #tick()} is called by the owner's scheduler.
 */
public final class PaneSettleSource implements Consumer<String> {
    private static final Logger LOG = LoggerFactory.getLogger(PaneSettleSource.class);
    /** Harness name of outputs from this source. */
    public static final String HARNESS = "pane";

    private final String pane;
    private final Duration quiet;
    private final Clock clock;
    private final Consumer<TurnOutput> sink;
    private final StringBuilder output = new StringBuilder();
    private final List<Typed> typed = new ArrayList<>();
    private Instant lastOutput;
    /** A turn the journal refused, handed in again before anything said since. */
    private TurnOutput unheard;
    /** Whether the journal's refusal was logged: once, until it takes a turn again. */
    private volatile boolean refused;

    public PaneSettleSource(String pane, Duration quiet, Clock clock, Consumer<TurnOutput> sink) {
        this.pane = Objects.requireNonNull(pane, "pane");
        this.quiet = Objects.requireNonNull(quiet, "quiet");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.sink = Objects.requireNonNull(sink, "sink");
        if (quiet.isNegative() || quiet.isZero()) {
            throw new IllegalArgumentException("quiet must be positive (was " + quiet + ")");
        }
    }

    /** New output from the pane, as the tmux driver streams it. */
    @Override
    public synchronized void accept(String chunk) {
        output.append(chunk);
        lastOutput = clock.instant();
    }

    /** Text gather typed (pasted) into this pane: its echo is not the member speaking. */
    public synchronized void typed(String text) {
        typed.add(new Typed(text, 0));
    }

    /** Emits the collected output when the pane has been quiet for the quiet period. */
    public void tick() {
        emitIf(true);
    }

    /** The tmux driver's own signal that the pane settled: emit now. */
    public void settled() {
        emitIf(false);
    }

    private void emitIf(boolean needQuiet) {
        TurnOutput again;
        synchronized (this) {
            again = unheard;
            unheard = null;
        }
        if (again != null && !handIn(again)) {
            return; // still refused: what came since waits behind it
        }
        TurnOutput out;
        synchronized (this) {
            if (output.length() == 0 || (needQuiet && clock.instant().isBefore(lastOutput.plus(quiet)))) {
                return;
            }
            String text = TerminalText.clean(output.toString());
            List<Typed> unmatched = new ArrayList<>();
            for (Typed t : typed) {
                String without = EchoRemover.without(text, t.text());
                if (without == null && t.misses() == 0) {
                    unmatched.add(new Typed(t.text(), 1)); // its echo may still be on its way, once
                } else if (without != null) {
                    text = without;
                }
            }
            typed.clear();
            typed.addAll(unmatched);
            output.setLength(0);
            if (text.isBlank()) {
                return; // only gather's own typing appeared
            }
            out = new TurnOutput(pane, HARNESS, text.strip(), clock.instant());
        }
        handIn(out);
    }

    /**
     * Hands {@code out} to the sink, outside the lock (the sink may deliver into other panes). A
     * journal's refusal keeps it for the next tick, as the spool keeps a hook's turn; any other
     * failure is logged, and the pane is still read: nothing thrown reaches the owner's scheduler,
     * which would never call {@link #tick} again.
     */
    private boolean handIn(TurnOutput out) {
        try {
            sink.accept(out);
            refused = false;
            return true;
        } catch (JournalUnavailable e) {
            synchronized (this) {
                unheard = out;
            }
            if (!refused) {
                LOG.warn("pane {}: its turn waits until the journal takes it: {}", pane, e.getMessage());
            }
            refused = true;
        } catch (RuntimeException e) {
            LOG.error("pane {}: a turn read from its screen could not be handled: {}", pane, e.toString());
        }
        return false;
    }

    private record Typed(String text, int misses) {}
}
