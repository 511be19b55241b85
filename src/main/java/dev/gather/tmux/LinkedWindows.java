package dev.gather.tmux;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The windows whose panes a {@link ControlModeTmux} watches, linked into its hidden session: tmux
 * sends {@code %output} only for panes in windows linked to the control client's session. A window is
 * linked with its first listener and unlinked with its last; one that only this link still keeps
 * running (its own session was killed) is ended.
 */
final class LinkedWindows {
    private static final Logger LOG = LoggerFactory.getLogger(LinkedWindows.class);

    private final ControlModeTmux tmux;
    private final String session;
    private final PaneSinks outputs = new PaneSinks();

    LinkedWindows(ControlModeTmux tmux, String session) {
        this.tmux = tmux;
        this.session = session;
    }

    /** {@code sink} hears pane {@code paneId}'s output, its window linked until the handle is closed. */
    AutoCloseable watch(String paneId, Consumer<String> sink) {
        String window = tmux.run(List.of("display-message", "-p", "-t", paneId, "#{window_id}"))
                .get(0);
        PaneSinks.Listeners listeners = outputs.add(paneId, window, sink);
        List<String> linked = tmux.run(List.of("list-windows", "-t", session, "-F", "#{window_id}"));
        if (!linked.contains(window)) {
            tmux.run(linkArgs(window));
        }
        return () -> {
            boolean lastOfWindow = outputs.remove(paneId, listeners, sink)
                    && !outputs.windows().contains(window);
            if (lastOfWindow && !tmux.isClosed()) {
                tmux.submit(List.of("unlink-window", "-t", session + ":" + window))
                        .exceptionally(x -> List.of());
            }
        };
    }

    /** Output tmux reported for {@code paneId}, to that pane's listeners. */
    void deliver(String paneId, String latin1) {
        outputs.deliver(paneId, latin1);
    }

    /** The commands that link every watched window again, into the session of a new control client. */
    List<List<String>> relinks() {
        return outputs.windows().stream().map(this::linkArgs).toList();
    }

    /**
     * Kills the windows we watch that no session but our hidden one holds any more: their own
     * session was killed ({@code tmux kill-session} on a member), and only our link kept them
     * running. On the exit poller's thread: never on the control client's reader thread.
     */
    void reapOrphans() {
        Set<String> ours = outputs.windows();
        if (ours.isEmpty() || tmux.isClosed()) {
            return; // closing: its sessions go with it, nothing is left to reap
        }
        CompletableFuture<List<String>> windows;
        try {
            windows =
                    tmux.submit(List.of("list-windows", "-t", session, "-F", "#{window_id} #{window_linked_sessions}"));
        } catch (TmuxException e) { // closed meanwhile, or the server is gone: nothing to reap either
            LOG.debug("looking for orphaned windows: {}", e.getMessage());
            return;
        }
        windows.thenAccept(lines -> {
                    for (String line : lines) {
                        String[] f = line.split(" ");
                        if (f.length == 2 && f[1].equals("1") && ours.contains(f[0])) {
                            LOG.info("window {} lost its own session; ending it", f[0]);
                            tmux.submit(List.of("kill-window", "-t", f[0]));
                        }
                    }
                })
                .exceptionally(e -> {
                    LOG.debug("looking for orphaned windows: {}", e.getMessage());
                    return null;
                });
    }

    private List<String> linkArgs(String window) {
        return List.of("link-window", "-d", "-s", window, "-t", session + ":");
    }
}
