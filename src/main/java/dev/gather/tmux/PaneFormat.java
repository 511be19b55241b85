package dev.gather.tmux;

/** The {@code -F} format gather lists panes with, and its parser. */
final class PaneFormat {
    static final String FORMAT = "#{pane_id}\t#{session_name}\t#{pane_pid}\t#{pane_current_command}\t#{pane_dead}";

    private PaneFormat() {}

    static Pane parse(String line) {
        String[] f = line.split("\t", -1);
        if (f.length < 5) {
            throw new TmuxException("unexpected pane line from tmux: " + line);
        }
        int pid = f[2].isEmpty() ? 0 : Integer.parseInt(f[2]);
        return new Pane(f[0], f[1], pid, f[3], "1".equals(f[4]));
    }
}
