package dev.gather.install;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What install or uninstall makes of one config file: its new content ({@code after} empty: remove the
 * file), the entries added or removed, and gather-looking entries it left alone because gather did not
 * write them.
 */
record FileChange(Optional<byte[]> after, List<Entry> entries, List<String> leftAlone) {
    FileChange {
        Objects.requireNonNull(after, "after");
        entries = List.copyOf(entries);
        leftAlone = List.copyOf(leftAlone);
    }
}
