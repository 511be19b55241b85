package dev.gather.install;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

/**
 * One harness config file before and after an install or uninstall; {@code after} empty means the file
 * is removed (it did not exist before gather created it).
 */
record ConfigEdit(Path file, Optional<byte[]> before, Optional<byte[]> after) {
    ConfigEdit {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(after, "after");
    }

    boolean changes() {
        if (before.isPresent() != after.isPresent()) {
            return true;
        }
        return before.isPresent() && !Arrays.equals(before.get(), after.get());
    }
}
