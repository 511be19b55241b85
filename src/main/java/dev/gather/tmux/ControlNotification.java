package dev.gather.tmux;

/** The control-mode notifications gather acts on, parsed from one line. */
sealed interface ControlNotification {
    /** {@code %output} or {@code %extended-output}: {@code latin1} still carries tmux's octal escapes. */
    record Output(String paneId, String latin1) implements ControlNotification {}

    /** A window closed or a layout changed somewhere: a pane may have exited. */
    record PanesChanged() implements ControlNotification {}

    /** {@code %session-changed}, {@code %pane-mode-changed} and the rest: nothing to do. */
    record Other(String line) implements ControlNotification {}

    static ControlNotification parse(String line) {
        if (line.startsWith("%output ")) {
            int space = line.indexOf(' ', 8);
            if (space > 0) {
                return new Output(line.substring(8, space), line.substring(space + 1));
            }
        } else if (line.startsWith("%extended-output ")) {
            int space = line.indexOf(' ', 17);
            int colon = line.indexOf(" : ");
            if (space > 0 && colon > 0) {
                return new Output(line.substring(17, space), line.substring(colon + 3));
            }
        } else if (line.startsWith("%window-close ")
                || line.startsWith("%unlinked-window-close ")
                || line.startsWith("%layout-change ")
                || line.startsWith("%sessions-changed")) {
            return new PanesChanged();
        }
        return new Other(line);
    }
}
