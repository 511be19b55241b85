package dev.gather.install;

import dev.gather.home.ConfigFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

/** Reads and atomically replaces config files, keeping their permissions (some hold tokens). */
final class ConfigFiles {
    private static final long MAX_BYTES = 64L * 1024 * 1024;

    private ConfigFiles() {}

    static Optional<byte[]> read(Path file) throws IOException {
        // harness configs grow (Claude keeps every project's history in one file), so the bound is wide
        return Files.exists(file) ? Optional.of(ConfigFile.bytes(file, MAX_BYTES)) : Optional.empty();
    }

    /**
     * Writes {@code bytes} to a temp file next to {@code file} and renames it over, so no reader sees
     * half. A {@code file} that is a symbolic link (dotfiles kept in one folder by stow) is written
     * through it: the file it names is replaced, the link stays a link.
     */
    static void write(Path file, byte[] bytes) throws IOException {
        if (Files.isSymbolicLink(file)) {
            file = file.toRealPath();
        }
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path temp = Files.createTempFile(dir, "." + file.getFileName() + ".", ".gather-tmp");
        try {
            Files.write(temp, bytes);
            if (Files.exists(file)) {
                Files.setPosixFilePermissions(temp, Files.getPosixFilePermissions(file));
            } else {
                Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rw-------"));
            }
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
