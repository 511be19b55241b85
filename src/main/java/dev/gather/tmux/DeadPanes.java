package dev.gather.tmux;

import java.util.List;

/**
 * A paste into a dead pane (one tmux keeps on screen after its program ended, as {@code
 * remain-on-exit} asks) crashes tmux 3.3a's server and every session in it (tmux pull request 3830,
 * fixed in 3.4; Debian 12 ships 3.3a). A person's own {@code remain-on-exit}, or a harness that exits
 * between gather's look and its paste, is enough. So every paste is wrapped in an {@code if-shell -F}
 * that tmux decides in the same step as the paste, with nothing in between: a dead pane prints a mark
 * instead, which is read back as the pane being gone.
 */
final class DeadPanes {
    static final String MARK = "gather: the pane's program has ended";

    private DeadPanes() {}

    /** {@code paste} (one paste-buffer command for {@code paneId}) as tmux runs it only into a live pane. */
    static List<String> guard(String paneId, List<String> paste) {
        return List.of(
                "if-shell",
                "-F",
                "-t",
                paneId,
                "#{pane_dead}",
                ControlQuoting.line(List.of("display-message", "-p", MARK)),
                ControlQuoting.line(paste));
    }

    /** The guarded paste's output, or a {@link TmuxException.Kind#NO_PANE} when the pane was dead. */
    static List<String> check(String server, String paneId, List<String> reply) {
        if (reply.contains(MARK)) {
            throw new TmuxException(
                    TmuxException.Kind.NO_PANE,
                    server + ": pane " + paneId + " has ended (tmux keeps it on screen: remain-on-exit)");
        }
        return reply;
    }
}
