package dev.gather.delivery;

/**
 * What a post office tells the rest of the daemon, given to it once, at construction: every event of
 * every member's channel goes out through here and nowhere else. Each method has a default that does
 * nothing, so a listener says only what it hears. Called without any channel's lock held.
 */
public interface Port {
    /** {@code text} is about to enter {@code pane}, typed or through a door (so its echo can be told apart). */
    default void typing(String pane, String text) {}

    /** {@code pane}'s harness ended a turn, seen {@code how} (a door's evidence for the messages it was handed). */
    default void turnEnded(String pane, String how) {}

    /** {@code letter} was handed to {@code pane}'s harness through {@code door}, which took it into its own queue. */
    default void handed(String pane, Letter letter, String door) {}

    /** A turn of {@code pane}'s harness carrying {@code letter} started ({@code how}: by what evidence). */
    default void taken(String pane, Letter letter, String how) {}

    /** {@code pane} never became ready: its letters failed (a gathering skips its member). */
    default void unreachable(String pane) {}

    /** {@code pane} ended: its letters failed and nothing more is typed into it. */
    default void gone(String pane) {}

    /** Tells nobody anything (tools, benchmarks, tests that only read the ledger). */
    Port NONE = new Port() {};
}
