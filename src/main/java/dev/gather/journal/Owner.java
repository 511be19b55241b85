package dev.gather.journal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** Narrows a journal file's or folder's permissions to its owner, where the file system allows. */
final class Owner {
    private Owner() {}

    static void only(Path path, String permissions) {
        try {
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(permissions));
        } catch (UnsupportedOperationException | IOException e) {
            // not ours to change (a reader run by another user) or not a POSIX file system: leave it
        }
    }
}
