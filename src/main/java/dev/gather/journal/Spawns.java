package dev.gather.journal;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * An entry of the journal of panes this computer spawned for other computers: a restarted daemon
 * still knows which pane it spawned for whom, so the owner's end still ends it.
 */
public sealed interface Spawns extends Entry {
    /** The pane spawned here. */
    String pane();

    /** {@code pane} was spawned here for computer {@code for}, as member {@code name} of its {@code gathering}. */
    record Spawned(String pane, @JsonProperty("for") String forComputer, String gathering, String name)
            implements Spawns {}

    /** {@code pane} was ended at its owner's word. */
    record Ended(String pane) implements Spawns {}
}
