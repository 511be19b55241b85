package dev.gather.tmux;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * The part of {@link Tmux} that is plain tmux commands, shared by the control-mode and exec
 * drivers; they differ in how a command reaches the server.
 */
abstract class CommandTmux implements Tmux {
    private static final AtomicLong BUFFERS = new AtomicLong();

    final TmuxConfig config;

    CommandTmux(TmuxConfig config) {
        this.config = config;
    }

    /** Runs one tmux command and returns its output lines; throws {@link TmuxException} on %error. */
    abstract List<String> run(List<String> args);

    @Override
    public Pane spawn(SpawnSpec spec) {
        List<String> args =
                new ArrayList<>(List.of("new-session", "-d", "-P", "-F", "#{pane_id}", "-s", spec.session()));
        args.addAll(List.of("-x", Integer.toString(spec.width()), "-y", Integer.toString(spec.height())));
        if (spec.workdir() != null) {
            args.addAll(List.of("-c", spec.workdir().toString()));
        }
        for (Map.Entry<String, String> e : spec.env().entrySet()) {
            args.addAll(List.of("-e", e.getKey() + "=" + e.getValue()));
        }
        args.add("--");
        args.addAll(spec.command());
        List<String> out = run(args);
        if (out.isEmpty()) {
            throw new TmuxException("tmux new-session printed no pane id for session " + spec.session());
        }
        String id = out.get(0).trim();
        return panes().stream()
                .filter(p -> p.id().equals(id))
                .findFirst()
                .orElse(new Pane(id, spec.session(), 0, spec.command().get(0), true));
    }

    @Override
    public Optional<String> trouble() {
        try {
            run(List.of("list-sessions", "-F", "#{session_id}"));
            return Optional.empty();
        } catch (TmuxException e) {
            return Optional.of(String.valueOf(e.getMessage()));
        }
    }

    @Override
    public List<Pane> panes() {
        try {
            // a pane is listed once per session holding its window, gather's control session among
            // them: the user's session names it, never gather's (names stay the user's)
            return run(List.of("list-panes", "-a", "-F", PaneFormat.FORMAT)).stream()
                    .filter(l -> !l.isBlank())
                    .map(PaneFormat::parse)
                    .filter(p -> !ControlSessions.isOne(p.session()))
                    .collect(Collectors.toMap(Pane::id, p -> p, (first, again) -> first, LinkedHashMap::new))
                    .values()
                    .stream()
                    .toList();
        } catch (TmuxException e) {
            if (e.serverGone()) {
                return List.of();
            }
            throw e;
        }
    }

    @Override
    public boolean alive(String paneId) {
        try {
            List<String> out = run(List.of("display-message", "-p", "-t", paneId, "#{pane_id} #{pane_dead}"));
            return !out.isEmpty() && out.get(0).equals(paneId + " 0");
        } catch (TmuxException e) {
            if (e.paneGone()) {
                return false;
            }
            throw e;
        }
    }

    @Override
    public Optional<Terminal> terminal(String paneId) {
        try {
            List<String> out = run(List.of("display-message", "-p", "-t", paneId, Terminal.FORMAT));
            return out.isEmpty() ? Optional.empty() : Optional.of(Terminal.parse(out.get(0)));
        } catch (TmuxException e) {
            if (e.paneGone()) {
                return Optional.empty();
            }
            throw e;
        }
    }

    @Override
    public void show(String paneId, String text) {
        String tty = terminal(paneId)
                .map(Terminal::tty)
                .filter(t -> t.startsWith("/dev/"))
                .orElseThrow(() -> new TmuxException(
                        TmuxException.Kind.NO_PANE, "can't find pane: " + paneId + " (no terminal to write to)"));
        // the tty's slave side is the program's own output: written to, tmux draws it, nobody reads it
        try (OutputStream out = Files.newOutputStream(Path.of(tty), StandardOpenOption.WRITE)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new TmuxException("cannot write to " + tty + " (pane " + paneId + "): " + e.getMessage());
        }
    }

    @Override
    public String capture(String paneId, int historyLines) {
        List<String> lines =
                run(List.of("capture-pane", "-p", "-t", paneId, "-S", Integer.toString(-Math.max(0, historyLines))));
        return String.join("\n", lines);
    }

    @Override
    public void sendKeys(String paneId, String... keys) {
        List<String> args = new ArrayList<>(List.of("send-keys", "-t", paneId));
        args.addAll(List.of(keys));
        run(args);
    }

    @Override
    public void kill(String paneId) {
        run(List.of("kill-pane", "-t", paneId));
    }

    static String bufferName() {
        return "gather-" + ProcessHandle.current().pid() + "-" + BUFFERS.incrementAndGet();
    }

    static List<String> pasteArgs(String buffer, String paneId) {
        return List.of("paste-buffer", "-p", "-d", "-b", buffer, "-t", paneId);
    }

    /** As {@link #pasteArgs}, leaving the buffer for the other panes a fan-out pastes it into. */
    static List<String> sharedPasteArgs(String buffer, String paneId) {
        return List.of("paste-buffer", "-p", "-b", buffer, "-t", paneId);
    }

    /** Pastes a buffer holding a lone CR without brackets or LF translation: a bare Enter. */
    static List<String> rawEnterArgs(String buffer, String paneId) {
        return List.of("paste-buffer", "-r", "-d", "-b", buffer, "-t", paneId);
    }
}
