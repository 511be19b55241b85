package dev.gather.delivery;

/** Where delivery steps are recorded (the daemon's journals); called in order for each letter. */
@FunctionalInterface
public interface Ledger {
    void record(Letter letter, String pane, DeliveryState state, String detail);

    /** Records nothing (benchmarks, tools). */
    Ledger NONE = (letter, pane, state, detail) -> {};
}
