package dev.gather.daemon;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A state directory that belongs to someone else is named as such, not blamed on setsid or a log. */
class ForeignStateDirTest {
    @TempDir
    Path dir;

    @Test
    void statusOnAnotherUsersStateDirectorySaysWhoseItIs() throws Exception {
        Path home = Files.createDirectories(dir.resolve("theirs"));
        String me = System.getProperty("user.name");
        // another account to own it: nobody exists on every Linux; as a plain user, we own it and chown fails
        UserPrincipal nobody =
                home.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
        String owner;
        try {
            Files.setOwner(home, nobody);
            owner = "nobody";
        } catch (IOException notRoot) {
            // as a plain user chown is refused: / (root's) stands in for another user's directory
            home = Path.of("/");
            owner = Files.getOwner(home).getName();
        }
        Cli.Result status = Cli.run(home, Optional.of("gather-test-unused"), "status");
        assertNotEquals(0, status.code(), status.out());
        assertTrue(status.out().contains("belongs to user " + owner + ", not to you (" + me + ")"), status.out());
        assertFalse(status.out().contains("setsid") || status.out().contains("\tat "), status.out());
    }
}
