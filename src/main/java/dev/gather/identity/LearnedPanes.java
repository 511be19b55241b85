package dev.gather.identity;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Harness session ids gather itself saw in a pane's turns (a Codex thread id in a turn whose input
 * gather typed into pane B), mapped to that pane. A harness that runs every pane's turns in one
 * shared background process (Codex) reports them all from the first pane's process tree; its
 * payload's session id says whose turn it really was.
 */
public final class LearnedPanes {
    private final Map<String, String> panes = new ConcurrentHashMap<>();

    /** Remembers that {@code harness}'s session {@code id} belongs to {@code pane}. */
    public void learn(String harness, String id, String pane) {
        panes.put(harness + "\u0000" + id, pane);
    }

    /** The pane {@code harness}'s session {@code id} was learned in, if any. */
    public Optional<String> paneOf(String harness, String id) {
        return Optional.ofNullable(panes.get(harness + "\u0000" + id));
    }

    /** Forgets every session of a pane that ended. */
    public void forget(String pane) {
        panes.values().removeIf(pane::equals);
    }
}
