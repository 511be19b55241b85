package dev.gather.door;

import java.util.OptionalLong;
import java.util.function.Supplier;

/** Opens a harness's door for one pane, when that harness's version and what gather knows of the pane allow it. */
@FunctionalInterface
public interface DoorFactory {
    /**
     * The door into {@code pane}, or why there is none now (keystrokes then): the harness has no such
     * door in this version, or gather does not know the pane's session yet. {@code pid} is the pane's
     * process, read only when needed.
     */
    Opening open(String pane, Supplier<OptionalLong> pid);
}
