package dev.gather.install;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** How gather's MCP server and stop hook are registered in one harness's user config files. */
interface HarnessConfig {
    /** The files this harness's registration touches. */
    List<Path> files();

    /** The file's content with gather registered (unchanged when it already is). */
    byte[] install(Path file, Optional<byte[]> current) throws InstallException;

    /** The file's content without what {@link #install} added; empty when nothing else is left. */
    Optional<byte[]> uninstall(Path file, byte[] current) throws InstallException;

    /** Whether two contents mean the same configuration (so the original bytes can be restored). */
    boolean sameMeaning(byte[] a, byte[] b);
}
