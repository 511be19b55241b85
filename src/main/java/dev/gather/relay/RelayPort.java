package dev.gather.relay;

import dev.gather.link.Link;
import dev.gather.turn.TurnOutput;
import java.util.Optional;
import java.util.Set;

/**
 * What the relay tells the rooms around it, given at construction: one typed way out, as the post
 * office's {@code delivery.Port} is for the channels. Each is called on the thread that found it and
 * must not block it.
 */
public interface RelayPort {
    /** Tells nobody: a relay for tools, benchmarks and tests. */
    RelayPort NONE = new RelayPort() {};

    /**
     * A turn ended with these filtered words, relayed to these panes (none outside a link); told before
     * the post office hears of the end, so the letters that turn took are still open.
     */
    default void turnEnding(TurnOutput output, Optional<String> words, Set<String> relayedTo) {}

    /** A turn output from a pane in no link here: a member of another computer's link, or of a closed gathering. */
    default void unlinked(TurnOutput output) {}

    /** A pane ended or its member left for good: whoever keeps something per pane forgets it. */
    default void gone(String pane) {}

    /** A link closed (journalled once, however many paths closed it). */
    default void closed(Link.View view) {}
}
