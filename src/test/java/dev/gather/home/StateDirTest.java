package dev.gather.home;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StateDirTest {
    private final Path home = Path.of("/home/ada");

    @Test
    void gatherHomeWins() {
        assertEquals(
                Path.of("/tmp/g"),
                StateDir.from(Map.of("GATHER_HOME", "/tmp/g", "XDG_STATE_HOME", "/x"), home)
                        .root());
    }

    @Test
    void xdgStateHomeIsNext() {
        assertEquals(
                Path.of("/x/gather"),
                StateDir.from(Map.of("XDG_STATE_HOME", "/x"), home).root());
    }

    @Test
    void defaultsUnderLocalState() {
        assertEquals(
                Path.of("/home/ada/.local/state/gather"),
                StateDir.from(Map.of(), home).root());
    }
}
