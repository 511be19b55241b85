package dev.gather.turn;

/**
 * A {@link PaneResolver} could not look at the panes now (tmux gave no answer in time). Nothing is
 * wrong with the event: it waits in the spool, in order with those after it, until the panes can be
 * looked at again. Refusing it, or stopping the watcher, would lose a turn to a slow moment.
 */
public final class PanesUnavailable extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public PanesUnavailable(String message, Throwable cause) {
        super(message, cause);
    }
}
