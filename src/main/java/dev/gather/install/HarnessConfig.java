package dev.gather.install;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** How gather's MCP server and turn-end hook are registered in one harness's user config files. */
interface HarnessConfig {
    /** The harness's name, as {@code gather install} takes it. */
    String name();

    /** The files this harness's registration touches. */
    List<Path> files();

    /**
     * The file with gather's entries added (none when they are already there); refuses, naming the file
     * and entry, where the user has a gather entry install did not write.
     */
    FileChange install(Path file, Optional<byte[]> current) throws InstallException;

    /**
     * The file without exactly the entries install writes, of those {@code installed} names (the
     * {@code at} of each entry install.log says an install added there and no uninstall removed);
     * anything else, gather-looking or not, stays.
     */
    FileChange uninstall(Path file, byte[] current, Set<String> installed) throws InstallException;

    /** Whether two contents mean the same configuration (so the original bytes can be restored). */
    boolean sameMeaning(byte[] a, byte[] b);
}
