package dev.gather.resume;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** A fresh {@link ReplayWorld} for each test, in its own temp dir, closed after. */
abstract class InReplayWorld {
    @TempDir
    Path home;

    ReplayWorld w;

    @BeforeEach
    void startWorld() {
        w = new ReplayWorld(home);
    }

    @AfterEach
    void closeWorld() {
        w.close();
    }
}
