package dev.gather.tmux;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link Tmux} over one persistent {@code tmux -C} client per server, commands pipelined.
 *
 * <p>The client attaches to a session of its own ({@code gather-watching-<pid>-<n>}, removed on
 * {@link #close}, or by the next driver to connect when this process died; see {@link
 * ControlSessions}). tmux sends {@code %output} only for panes in windows linked to the
 * client's session (verified on tmux 3.3a: a pane in another session produced no {@code %output}
 * until its window was linked), so {@link #onOutput} links the pane's window into that session
 * and unlinks it when the last listener goes. Window sizes are not affected: a control client
 * that never sets a size is ignored when tmux sizes windows.
 */
public final class ControlModeTmux extends CommandTmux {
    private static final Logger LOG = LoggerFactory.getLogger(ControlModeTmux.class);
    private static final AtomicLong INSTANCES = new AtomicLong();
    private static final long TIMEOUT_SECONDS = 10;

    private final String session;
    private final Object lock = new Object();
    private final LinkedWindows linked;
    private final ExitPoller exits;
    private ControlClient client;
    private boolean closed;

    private ControlModeTmux(TmuxConfig config) {
        super(config);
        this.session = ControlSessions.name(ProcessHandle.current().pid(), INSTANCES.incrementAndGet());
        this.exits = new ExitPoller(this::panes, 1000);
        this.linked = new LinkedWindows(this, session);
    }

    /** Connects (starting the server when none runs); throws {@link TmuxException} when tmux cannot. */
    public static ControlModeTmux connect(TmuxConfig config) {
        ControlModeTmux tmux = new ControlModeTmux(config);
        try {
            tmux.run(List.of("display-message", "-p", "ready"));
            ControlSessions.removeStale(tmux::run);
        } catch (TmuxException e) {
            tmux.close();
            throw e;
        }
        return tmux;
    }

    private ControlClient client() {
        synchronized (lock) {
            if (closed) {
                throw new TmuxException(config.describe() + ": this tmux driver is closed");
            }
            if (client == null || client.dead()) {
                boolean reconnect = client != null;
                if (reconnect && !ExecTmux.serverRunning(config)) {
                    // reconnecting would start an empty server of our own; report the loss instead
                    throw new TmuxException(
                            TmuxException.Kind.NO_SERVER, config.describe() + " is not running any more");
                }
                LOG.debug("starting tmux control client for {} (reconnect: {})", session, reconnect);
                client = ControlClient.start(
                        config.argv(ControlSessions.attachArgs(
                                session, ProcessHandle.current().pid())),
                        config.describe(),
                        this::notification,
                        () -> LOG.debug("tmux control client for {} exited", session));
                client.awaitAttached(TIMEOUT_SECONDS);
                if (reconnect) {
                    LOG.info("reconnected to {} in control mode", config.describe());
                    linked.relinks().forEach(args -> client.send(ControlQuoting.line(args)));
                }
            }
            return client;
        }
    }

    CompletableFuture<List<String>> submit(List<String> args) {
        return submit(client(), args);
    }

    private static CompletableFuture<List<String>> submit(ControlClient c, List<String> args) {
        return c.send(ControlQuoting.line(args)).thenApply(ControlClient.Reply::lines);
    }

    @Override
    List<String> run(List<String> args) {
        return await(submit(args), args.get(0));
    }

    private List<String> await(CompletableFuture<List<String>> reply, String what) {
        try {
            return reply.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof TmuxException t) {
                throw new TmuxException(t.kind(), t.getMessage(), t);
            }
            throw new TmuxException(config.describe() + ": tmux " + what + " failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new TmuxException(
                    TmuxException.Kind.TIMED_OUT, config.describe() + ": tmux " + what + " got no answer in 10 s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TmuxException("interrupted while waiting for tmux " + what, e);
        }
    }

    @Override
    public void paste(String paneId, String text) {
        await(pasteAsync(paneId, text).thenApply(x -> List.of()), "paste-buffer");
    }

    /** One round trip: the buffer is set and pasted by two pipelined commands. */
    @Override
    public CompletableFuture<Void> pasteAsync(String paneId, String text) {
        return pasteOnce(paneId, text, buffer -> pasteArgs(buffer, paneId));
    }

    /** One set-buffer for all panes, then one pipelined paste each (no -d: the buffer is shared). */
    @Override
    public Map<String, CompletableFuture<Void>> pasteAllAsync(Collection<String> paneIds, String text) {
        String buffer = bufferName();
        CompletableFuture<List<String>> set = submit(List.of("set-buffer", "-b", buffer, "--", text));
        Map<String, CompletableFuture<Void>> out = new LinkedHashMap<>();
        for (String id : paneIds) {
            List<String> args = sharedPasteArgs(buffer, id);
            out.put(id, set.thenCombine(pasteInto(id, args), (a, b) -> (Void) null));
        }
        submit(List.of("delete-buffer", "-b", buffer)).exceptionally(x -> List.of());
        return out;
    }

    @Override
    public CompletableFuture<Void> pressEnterAsync(String paneId) {
        return pasteOnce(paneId, "\r", buffer -> rawEnterArgs(buffer, paneId));
    }

    /**
     * {@code text} set into a buffer of its own and pasted into the pane by {@code paste(buffer)}, two
     * pipelined commands; the paste deletes the buffer, or, when the paste failed, a third command does.
     */
    private CompletableFuture<Void> pasteOnce(String paneId, String text, Function<String, List<String>> paste) {
        String buffer = bufferName();
        CompletableFuture<List<String>> set = submit(List.of("set-buffer", "-b", buffer, "--", text));
        CompletableFuture<List<String>> pasted = pasteInto(paneId, paste.apply(buffer));
        return set.thenCombine(pasted, (a, b) -> (Void) null).whenComplete((ok, e) -> {
            if (e != null && set.isDone() && !set.isCompletedExceptionally()) {
                submit(List.of("delete-buffer", "-b", buffer)).exceptionally(x -> List.of());
            }
        });
    }

    /** One paste-buffer command, run by tmux only if the pane's program still runs ({@link DeadPanes}). */
    private CompletableFuture<List<String>> pasteInto(String paneId, List<String> paste) {
        return client().sendGuarded(ControlQuoting.line(DeadPanes.guard(paneId, paste)))
                .thenApply(r -> DeadPanes.check(config.describe(), paneId, r.lines()));
    }

    @Override
    public CompletableFuture<Void> sendKeysAsync(String paneId, String... keys) {
        List<String> args = new ArrayList<>(List.of("send-keys", "-t", paneId));
        args.addAll(List.of(keys));
        return submit(args).thenApply(x -> null);
    }

    @Override
    public AutoCloseable onOutput(String paneId, Consumer<String> sink) {
        return linked.watch(paneId, sink);
    }

    boolean isClosed() {
        synchronized (lock) {
            return closed;
        }
    }

    @Override
    public AutoCloseable onPaneExit(Consumer<String> sink) {
        return exits.add(sink);
    }

    private void notification(String line) {
        ControlNotification n = ControlNotification.parse(line);
        if (n instanceof ControlNotification.Output o) {
            linked.deliver(o.paneId(), o.latin1());
        } else if (n instanceof ControlNotification.PanesChanged) {
            // off the reader thread: the reaper takes the lock that close() holds while it waits for a
            // reply only this thread reads (the two waited on each other until close's 10 s timeout)
            exits.later(linked::reapOrphans);
            exits.poke();
        }
    }

    @Override
    public void killServer() {
        if (isClosed()) {
            // this driver is closed (a daemon closed it): a one-shot tmux can still kill the server
            ExecTmux.killServer(config);
            return;
        }
        try {
            run(List.of("kill-server"));
        } catch (TmuxException e) {
            // the server going away takes our client with it, so the reply may never come
            LOG.debug("kill-server: {}", e.getMessage());
        }
        Optional.ofNullable(shutDown()).ifPresent(ControlClient::close);
        config.removeSocketFile();
    }

    /**
     * Removes the hidden session through its client, then ends both. Closed first: another thread's command
     * (the exit poller's) would find the client gone with its session and reconnect, making it again.
     */
    @Override
    public void close() {
        ControlClient c = shutDown();
        if (c != null && !c.dead()) {
            ControlSessions.remove(args -> await(submit(c, args), args.get(0)), session);
        }
        Optional.ofNullable(c).ifPresent(ControlClient::close);
    }

    /** Closed from now: no command reconnects. The client it had, still running, for the caller to end. */
    private ControlClient shutDown() {
        ControlClient c;
        synchronized (lock) {
            c = closed ? null : client;
            closed = true;
            client = null;
        }
        exits.close();
        return c;
    }

    @Override
    public String toString() {
        return "ControlModeTmux[" + config.describe() + ", session " + session + "]";
    }
}
