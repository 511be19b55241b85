package dev.gather.tmux;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One {@code tmux -C} process. Commands are pipelined: each is written at once and its future is
 * queued; tmux answers in order with {@code %begin/%end} (or {@code %error}) blocks, so the head of
 * the queue owns the next block. Lines outside blocks are notifications. Lines are kept as
 * ISO-8859-1 (one char per byte) because {@code %output} carries raw bytes that may split UTF-8.
 */
final class ControlClient {
    private static final Logger LOG = LoggerFactory.getLogger(ControlClient.class);

    record Reply(List<String> lines) {}

    /**
     * A command waiting for its block. A guarded one ({@code if-shell -F}) is answered by two blocks
     * when it succeeds: its own, empty, then the one of the command it chose, which tmux runs at once
     * after it, before any later line; the second block is its reply.
     */
    private static final class Pending {
        final String command;
        final CompletableFuture<Reply> reply;
        final boolean guarded;
        /** Whether a guarded command's own block came (guarded by the queue's lock). */
        boolean chose;

        Pending(String command, CompletableFuture<Reply> reply, boolean guarded) {
            this.command = command;
            this.reply = reply;
            this.guarded = guarded;
        }
    }

    private final Process process;
    private final OutputStream stdin;
    private final Deque<Pending> pending = new ArrayDeque<>();
    private final Consumer<String> notifications;
    private final Runnable onDeath;
    private final String server;
    private boolean dead;
    private final CompletableFuture<Void> attached = new CompletableFuture<>();
    private volatile String exitReason = "";

    private ControlClient(Process process, String server, Consumer<String> notifications, Runnable onDeath) {
        this.process = process;
        this.stdin = process.getOutputStream();
        this.server = server;
        this.notifications = notifications;
        this.onDeath = onDeath;
    }

    static ControlClient start(List<String> argv, String server, Consumer<String> notifications, Runnable onDeath) {
        try {
            Process p = new ProcessBuilder(argv)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            ControlClient c = new ControlClient(p, server, notifications, onDeath);
            Thread reader = new Thread(c::readLoop, "gather-tmux-control");
            reader.setDaemon(true);
            reader.start();
            return c;
        } catch (IOException e) {
            throw new TmuxException(server + ": cannot start tmux in control mode (is tmux installed?)", e);
        }
    }

    /**
     * Waits until tmux has attached the client to its session. Commands written earlier can run
     * before the session exists (tmux reads stdin while the attach command is still queued).
     */
    void awaitAttached(long seconds) {
        try {
            attached.get(seconds, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new TmuxException(
                    TmuxException.Kind.said(exitReason),
                    server + ": tmux control mode did not start" + reason(),
                    e.getCause());
        } catch (TimeoutException e) {
            close();
            throw new TmuxException(
                    TmuxException.Kind.TIMED_OUT,
                    server + ": tmux control mode did not attach within " + seconds + " s",
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TmuxException("interrupted while starting tmux control mode", e);
        }
    }

    /** Sends one command line (already quoted, no newline); the future fails with {@link TmuxException}. */
    CompletableFuture<Reply> send(String line) {
        return send(line, false);
    }

    /**
     * Sends an {@code if-shell -F} line whose branches are single commands: its reply is the chosen
     * command's block (or the if-shell's own error, when its target is gone).
     */
    CompletableFuture<Reply> sendGuarded(String line) {
        return send(line, true);
    }

    private CompletableFuture<Reply> send(String line, boolean guarded) {
        CompletableFuture<Reply> reply = new CompletableFuture<>();
        synchronized (pending) {
            if (dead) {
                reply.completeExceptionally(gone(line));
                return reply;
            }
            pending.add(new Pending(line, reply, guarded));
            try {
                stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                stdin.flush();
            } catch (IOException e) {
                LOG.debug("writing to tmux control client failed: {}", e.getMessage());
                // the reader sees the end of stdout and fails everything queued, this one included
            }
        }
        return reply;
    }

    boolean dead() {
        synchronized (pending) {
            return dead;
        }
    }

    /**
     * Ends the client. Its input is closed under the lock the writes hold, never beside one: a write
     * between taking the descriptor and writing to it would otherwise write a command into whatever
     * file the number was given to next (a tmux spawn's pipe, whose helper then fails). The process
     * is stopped first, so that a write blocked on a client that stopped reading fails and lets go.
     * A send after it fails at once, as after the client died, rather than write into a closed input.
     */
    void close() {
        process.destroy();
        synchronized (pending) {
            dead = true;
            try {
                stdin.close();
            } catch (IOException e) {
                LOG.debug("closing tmux control stdin: {}", e.getMessage());
            }
        }
    }

    private void readLoop() {
        try (InputStream in = process.getInputStream()) {
            LineReader reader = new LineReader(in);
            String line;
            String header = null;
            boolean ours = false;
            List<String> block = new ArrayList<>();
            while ((line = reader.next()) != null) {
                if (header != null) {
                    if (line.equals("%end" + header) || line.equals("%error" + header)) {
                        if (ours) {
                            finish(block, line.startsWith("%error "));
                        }
                        header = null;
                        block = new ArrayList<>();
                    } else {
                        block.add(line);
                    }
                } else if (line.startsWith("%begin ")) {
                    header = line.substring("%begin".length());
                    // flags 0 marks a block not caused by our stdin (the attach command itself)
                    ours = !header.endsWith(" 0");
                } else if (line.startsWith("%exit")) {
                    exitReason = line.substring("%exit".length()).trim();
                } else if (line.startsWith("%")) {
                    if (line.startsWith("%session-changed ")) {
                        attached.complete(null);
                    }
                    dispatch(line);
                }
            }
        } catch (IOException e) {
            LOG.debug("reading tmux control client: {}", e.getMessage());
        } finally {
            die();
        }
    }

    private void dispatch(String line) {
        try {
            notifications.accept(line);
        } catch (RuntimeException e) {
            LOG.warn("handling tmux notification failed: {}", line, e);
        }
    }

    private void finish(List<String> latin1, boolean error) {
        Pending p;
        synchronized (pending) {
            p = pending.peek();
            if (p != null && p.guarded && !p.chose && !error) {
                p.chose = true;
                return;
            }
            pending.poll();
        }
        if (p == null) {
            LOG.debug("tmux reply with no command waiting for it");
            return;
        }
        List<String> lines = latin1.stream().map(ControlClient::utf8).toList();
        if (error) {
            String what = lines.isEmpty() ? "error" : String.join("; ", lines);
            p.reply.completeExceptionally(new TmuxException(
                    TmuxException.Kind.said(what), server + ": " + what + " (command: " + brief(p.command) + ")"));
        } else {
            p.reply.complete(new Reply(lines));
        }
    }

    private void die() {
        List<Pending> failed;
        synchronized (pending) {
            dead = true;
            failed = new ArrayList<>(pending);
            pending.clear();
        }
        attached.completeExceptionally(gone("attach"));
        for (Pending p : failed) {
            p.reply.completeExceptionally(gone(p.command));
        }
        process.destroy();
        onDeath.run();
    }

    private String reason() {
        return exitReason.isEmpty() ? "" : " (" + exitReason + ")";
    }

    private TmuxException gone(String command) {
        String why = reason();
        return new TmuxException(
                TmuxException.Kind.said(exitReason),
                server + ": the tmux control client exited" + why + " while running: " + brief(command)
                        + "; it reconnects on the next command");
    }

    private static String brief(String command) {
        return command.length() <= 80 ? command : command.substring(0, 80) + "…";
    }

    static String utf8(String latin1) {
        return new String(latin1.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
    }
}
