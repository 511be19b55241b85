package dev.gather.turn;

/**
 * A turn was handed to what takes it (a gathering's lane) and is still queued there after the wait
 * allowed: nothing is wrong with it and it will be taken, but it is not journalled yet. It stays in
 * the spool, in order with its pane's later events, until it is: deleted now, a daemon that died
 * before the lane reached it would lose the turn.
 */
public final class NotTakenYet extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public NotTakenYet(String message) {
        super(message);
    }
}
