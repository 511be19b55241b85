package dev.gather.tmux;

import dev.gather.process.ChildProcess;
import dev.gather.process.Threads;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;

/**
 * {@link Tmux} by spawning one {@code tmux} process per command: the fallback when control mode is
 * unavailable. Output streams through {@code pipe-pane} into a FIFO (tmux allows one pipe per pane,
 * so this replaces a pipe the user set up); pane exits are found by listing panes periodically
 * while someone listens (exec has no event source).
 */
public final class ExecTmux extends CommandTmux {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    /** tmux processes at once: a paste into every pane of a large gathering queues behind these. */
    private static final int SPAWNERS = 8;

    private final Map<String, PipedOutput> pipes = new ConcurrentHashMap<>();
    private final ExitPoller exits;
    /** Runs the asynchronous commands; its threads end when idle, and {@link #close()} ends it. */
    private final ExecutorService spawner = Threads.bounded("gather-tmux-exec", SPAWNERS);

    public ExecTmux(TmuxConfig config) {
        super(config);
        this.exits = new ExitPoller(this::panes, 200);
    }

    @Override
    List<String> run(List<String> args) {
        return run(args, null);
    }

    List<String> run(List<String> args, byte[] stdin) {
        List<String> argv = config.argv(args);
        try {
            ChildProcess.Exit exit = ChildProcess.run(new ProcessBuilder(argv), stdin, TIMEOUT)
                    .orElseThrow(() -> new TmuxException(
                            TmuxException.Kind.TIMED_OUT,
                            config.describe() + ": tmux " + args.get(0) + " did not finish in " + TIMEOUT.toSeconds()
                                    + " s"));
            if (exit.code() != 0) {
                String msg = exit.err().trim();
                throw new TmuxException(
                        TmuxException.Kind.said(msg), config.describe() + ": tmux " + args.get(0) + ": " + msg);
            }
            String text = exit.out();
            if (text.isEmpty()) {
                return List.of();
            }
            return List.of(
                    text.endsWith("\n") ? text.substring(0, text.length() - 1).split("\n", -1) : text.split("\n", -1));
        } catch (IOException e) {
            throw new TmuxException(config.describe() + ": cannot run " + config.binary() + " (is tmux installed?)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TmuxException("interrupted while running tmux " + args.get(0), e);
        }
    }

    @Override
    public void paste(String paneId, String text) {
        String buffer = bufferName();
        run(List.of("load-buffer", "-b", buffer, "-"), text.getBytes(StandardCharsets.UTF_8));
        try {
            pasteInto(paneId, pasteArgs(buffer, paneId));
        } catch (TmuxException e) {
            deleteQuietly(buffer);
            throw e;
        }
    }

    /** One paste-buffer command, run by tmux only if the pane's program still runs ({@link DeadPanes}). */
    private void pasteInto(String paneId, List<String> paste) {
        DeadPanes.check(config.describe(), paneId, run(DeadPanes.guard(paneId, paste)));
    }

    private Void deleteQuietly(String buffer) {
        try {
            run(List.of("delete-buffer", "-b", buffer));
        } catch (TmuxException ignored) {
            // the server may be gone with the pane; nothing is left to clean then
        }
        return null;
    }

    @Override
    public CompletableFuture<Void> pasteAsync(String paneId, String text) {
        return CompletableFuture.runAsync(() -> paste(paneId, text), spawner);
    }

    /** Loads the text once, then pastes it into every pane in parallel processes. */
    @Override
    public Map<String, CompletableFuture<Void>> pasteAllAsync(Collection<String> paneIds, String text) {
        String buffer = bufferName();
        CompletableFuture<Void> loaded = CompletableFuture.runAsync(
                () -> run(List.of("load-buffer", "-b", buffer, "-"), text.getBytes(StandardCharsets.UTF_8)), spawner);
        Map<String, CompletableFuture<Void>> out = new LinkedHashMap<>();
        for (String id : paneIds) {
            out.put(id, loaded.thenRunAsync(() -> pasteInto(id, sharedPasteArgs(buffer, id)), spawner));
        }
        CompletableFuture.allOf(out.values().toArray(CompletableFuture[]::new))
                .handleAsync((x, e) -> deleteQuietly(buffer), spawner);
        return out;
    }

    @Override
    public CompletableFuture<Void> pressEnterAsync(String paneId) {
        return CompletableFuture.runAsync(
                () -> {
                    String buffer = bufferName();
                    run(List.of("load-buffer", "-b", buffer, "-"), new byte[] {'\r'});
                    try {
                        pasteInto(paneId, rawEnterArgs(buffer, paneId));
                    } catch (TmuxException e) {
                        deleteQuietly(buffer);
                        throw e;
                    }
                },
                spawner);
    }

    @Override
    public CompletableFuture<Void> sendKeysAsync(String paneId, String... keys) {
        return CompletableFuture.runAsync(() -> sendKeys(paneId, keys), spawner);
    }

    @Override
    public AutoCloseable onOutput(String paneId, Consumer<String> sink) {
        PipedOutput pipe = pipes.computeIfAbsent(paneId, id -> PipedOutput.start(this, id));
        pipe.add(sink);
        return () -> {
            if (pipe.remove(sink)) {
                pipes.remove(paneId, pipe);
                pipe.stop(this);
            }
        };
    }

    @Override
    public AutoCloseable onPaneExit(Consumer<String> sink) {
        return exits.add(sink);
    }

    /** Whether the server of {@code config} answers at all, asked by a one-shot driver. */
    static boolean serverRunning(TmuxConfig config) {
        try (ExecTmux once = new ExecTmux(config)) {
            return once.serverRunning();
        }
    }

    /** Kills the server of {@code config} by a one-shot driver (the caller's own is closed). */
    static void killServer(TmuxConfig config) {
        try (ExecTmux once = new ExecTmux(config)) {
            once.killServer();
        }
    }

    /** Whether the server answers at all. */
    boolean serverRunning() {
        try {
            run(List.of("list-sessions", "-F", "#{session_id}"));
            return true;
        } catch (TmuxException e) {
            return false;
        }
    }

    @Override
    public void killServer() {
        try {
            run(List.of("kill-server"));
        } catch (TmuxException e) {
            if (!e.serverGone()) {
                throw e;
            }
        }
        config.removeSocketFile();
    }

    @Override
    public void close() {
        exits.close();
        spawner.shutdown();
        for (PipedOutput pipe : new ArrayList<>(pipes.values())) {
            pipe.stop(this);
        }
        pipes.clear();
    }
}
