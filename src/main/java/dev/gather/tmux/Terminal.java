package dev.gather.tmux;

import java.util.Objects;

/**
 * What a pane's terminal is doing at one moment: the program in its foreground (tmux's {@code
 * pane_current_command}, the foreground process group of the pane's tty), the pane's first process,
 * its tty device, and where the cursor stands on the visible screen (0-based cell and row).
 */
public record Terminal(String command, int pid, String tty, int cursorX, int cursorY) {
    static final String FORMAT = "#{pane_current_command}\t#{pane_pid}\t#{pane_tty}\t#{cursor_x}\t#{cursor_y}";

    public Terminal {
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(tty, "tty");
    }

    static Terminal parse(String line) {
        String[] f = line.split("\t", -1);
        if (f.length < 5) {
            throw new TmuxException("unexpected terminal line from tmux: " + line);
        }
        return new Terminal(f[0], number(f[1]), f[2], number(f[3]), number(f[4]));
    }

    private static int number(String s) {
        return s.isEmpty() ? 0 : Integer.parseInt(s.trim());
    }
}
