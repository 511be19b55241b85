package dev.gather.bench;

/** A harness pane ended before any turn of the link was relayed: its last screen says why. */
final class HarnessDied extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    HarnessDied(String message) {
        super(message);
    }
}
