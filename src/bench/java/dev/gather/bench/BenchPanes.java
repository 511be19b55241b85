package dev.gather.bench;

import dev.gather.tmux.Pane;
import dev.gather.tmux.Tmux;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The benchmarks' harness panes on their private tmux server: kept when their program ends, and shown. */
final class BenchPanes {
    private BenchPanes() {}

    /** A pane whose program ends stays on screen (dead), so a failure can show why it ended. */
    static void keepDead(String socket) throws IOException {
        try {
            Process set = new ProcessBuilder("tmux", "-L", socket, "set-option", "-g", "remain-on-exit", "on")
                    .redirectErrorStream(true)
                    .start();
            String said = new String(set.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (set.waitFor() != 0) {
                throw new IOException("tmux -L " + socket + " set-option -g remain-on-exit on: " + said.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted setting remain-on-exit", e);
        }
    }

    /** Each pane's session name and its screen with some history (a dead pane's last words and exit status). */
    static String screens(Tmux tmux, List<Pane> panes) {
        StringBuilder shown = new StringBuilder();
        for (Pane p : panes) {
            shown.append("--- ").append(p.session()).append('\n');
            try {
                shown.append(tmux.capture(p.id(), 200).strip()).append('\n');
            } catch (RuntimeException e) {
                shown.append("(not readable: ").append(e.getMessage()).append(")\n");
            }
        }
        return shown.toString();
    }
}
