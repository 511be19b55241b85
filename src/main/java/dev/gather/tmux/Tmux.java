package dev.gather.tmux;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * What gather needs from tmux, and nothing more. Panes are always addressed by id ({@code %12}),
 * never by the user's current window. Implementations: control mode ({@code tmux -C}), one process
 * per command (exec), and an in-memory fake for tests.
 */
public interface Tmux extends AutoCloseable {

    /** Starts {@code spec.command()} in a new detached session and returns its pane. */
    Pane spawn(SpawnSpec spec);

    /** Every pane of the server. */
    List<Pane> panes();

    /** Whether the pane exists and its process has not exited. */
    boolean alive(String paneId);

    /** The pane's visible text, plus up to {@code historyLines} lines of scrollback. */
    String capture(String paneId, int historyLines);

    /**
     * Pastes {@code text} literally as one bracketed paste (when the program asked for bracketed
     * paste). The caller sanitizes; this types exactly what it is given.
     */
    void paste(String paneId, String text);

    /**
     * {@link #paste} without blocking the caller; control mode pipelines it. The default runs
     * {@code paste} on the calling thread. The future fails with {@link TmuxException}.
     */
    default CompletableFuture<Void> pasteAsync(String paneId, String text) {
        try {
            paste(paneId, text);
            return CompletableFuture.completedFuture(null);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * Pastes the same text into several panes without blocking; one future per pane, in order.
     * Control mode loads the text into tmux once for all of them.
     */
    default Map<String, CompletableFuture<Void>> pasteAllAsync(Collection<String> paneIds, String text) {
        Map<String, CompletableFuture<Void>> out = new LinkedHashMap<>();
        for (String id : paneIds) {
            out.put(id, pasteAsync(id, text));
        }
        return out;
    }

    /** {@link #sendKeys} without blocking the caller; same rules as {@link #pasteAsync}. */
    default CompletableFuture<Void> sendKeysAsync(String paneId, String... keys) {
        try {
            sendKeys(paneId, keys);
            return CompletableFuture.completedFuture(null);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * Submits the input: writes a carriage return straight to the program, unbracketed, past any
     * tmux mode (a {@code send-keys Enter} is swallowed while the user has the pane in copy mode).
     * The default presses the Enter key.
     */
    default CompletableFuture<Void> pressEnterAsync(String paneId) {
        return sendKeysAsync(paneId, "Enter");
    }

    /** What runs in the pane's terminal now and where its cursor is; empty when this driver cannot say. */
    default Optional<Terminal> terminal(String paneId) {
        return Optional.empty();
    }

    /**
     * Writes {@code text} to the pane's screen as if its program had printed it: the bytes go to the
     * terminal's output side, so the program (a shell) never reads them as input. The caller sanitizes.
     */
    default void show(String paneId, String text) {
        throw new TmuxException("this tmux driver cannot write to pane " + paneId + "'s screen");
    }

    /** Presses tmux key names ({@code Enter}, {@code C-u}, …) in the pane. */
    void sendKeys(String paneId, String... keys);

    /** Streams the pane's new output, decoded, as it appears; close the result to stop. */
    AutoCloseable onOutput(String paneId, Consumer<String> sink);

    /** Calls {@code sink} with the pane id whenever a pane's process exits or the pane closes. */
    AutoCloseable onPaneExit(Consumer<String> sink);

    /** Kills the pane (and its session when it was the last pane). */
    void kill(String paneId);

    /** Why the server does not answer (killed, unreachable), or empty while it does. */
    default Optional<String> trouble() {
        return Optional.empty();
    }

    /** Kills the whole tmux server this driver talks to (tests and demo cleanup). */
    void killServer();

    @Override
    void close();
}
