package dev.gather.testing;

import dev.gather.home.Homes;
import java.nio.file.Path;
import java.util.Map;

/** Homes for a test: gather's state in the test's folder, every harness home empty beneath it. */
public final class TestHomes {
    private TestHomes() {}

    /**
     * {@code root} as {@code $GATHER_HOME}, and {@code root/user} as {@code $HOME}: a daemon on these
     * reads no transcript of the developer's own (a pulse would quote them into the test's journals).
     */
    public static Homes under(Path root) {
        return Homes.of(Map.of("HOME", root.resolve("user").toString(), "GATHER_HOME", root.toString()));
    }
}
