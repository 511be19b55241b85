package dev.gather.door;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two daemons in one process (the suite runs live Claude classes side by side) each keep their own
 * reply inbox in Claude's sockets directory: the second took the first's name, so the first's
 * receipts reached the second and its handed messages were never seen taken.
 */
class ClaudeInboxTest {
    @TempDir
    Path dir;

    @Test
    void twoInboxesInOneProcessAndOneDirectoryKeepTheirOwnAddresses() throws Exception {
        try (ClaudeInbox first = ClaudeInbox.open(dir, r -> {})) {
            try (ClaudeInbox second = ClaudeInbox.open(dir, r -> {})) {
                assertNotEquals(first.address(), second.address());
                assertTrue(Files.exists(Path.of(first.address().substring("uds:".length()))), first.address());
            }
            assertTrue(
                    Files.exists(Path.of(first.address().substring("uds:".length()))),
                    "closing the second leaves the first's socket");
        }
    }
}
