package dev.gather.home;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.stream.Stream;

/**
 * The one way gather reads a configuration file (profiles, agents.yaml, rhythms, config.properties,
 * harness configs): only a regular file (a link to one is fine) and at most a bound of bytes. A link to
 * {@code /dev/zero} read whole ran the daemon out of memory, and a FIFO blocked it forever in {@code
 * open}, so both are refused before the file is opened.
 */
public final class ConfigFile {
    private ConfigFile() {}

    /**
     * The YAML files ({@code .yaml}, {@code .yml}) directly in the folder {@code dir}, in name order, as
     * the daemon loads them (rhythms, profiles); none when it is no folder. A FIFO, a device or a link
     * loop is listed too: reading it says what is wrong with it.
     */
    public static List<Path> yamlIn(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(
                            f -> f.toString().endsWith(".yaml") || f.toString().endsWith(".yml"))
                    .sorted()
                    .toList();
        }
    }

    /** The file's bytes; an {@link IOException} naming the file when it is no regular file or too large. */
    public static byte[] bytes(Path file, long maxBytes) throws IOException {
        BasicFileAttributes a = regular(file);
        if (a.size() > maxBytes) {
            throw tooLarge(file, maxBytes);
        }
        try (InputStream in = Files.newInputStream(file)) {
            // the size can lie (a /proc file says 0) or grow while we read: never take more than the bound
            byte[] b = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
            if (b.length > maxBytes) {
                throw tooLarge(file, maxBytes);
            }
            return b;
        }
    }

    /**
     * The file as UTF-8 text, same rules as {@link #bytes}; a {@link java.nio.charset.CharacterCodingException}
     * when it is not valid UTF-8.
     */
    public static String text(Path file, long maxBytes) throws IOException {
        return StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(bytes(file, maxBytes)))
                .toString();
    }

    /**
     * The attributes of {@code file}, a regular file (a link to one is fine), read without opening it;
     * an {@link IOException} naming it otherwise (a device, a FIFO, a directory, a link loop).
     */
    public static BasicFileAttributes regular(Path file) throws IOException {
        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
        if (!a.isRegularFile()) {
            throw new IOException(file + linkTarget(file) + " is " + kind(a)
                    + ", not a regular file; gather reads configuration only from regular files: replace it with one");
        }
        return a;
    }

    private static IOException tooLarge(Path file, long maxBytes) {
        return new IOException(file + " is larger than " + maxBytes / 1024
                + " KiB, more than any configuration gather reads; check that it is the file you meant");
    }

    private static String kind(BasicFileAttributes a) {
        return a.isDirectory() ? "a directory" : "a device, FIFO or socket";
    }

    private static String linkTarget(Path file) {
        try {
            return Files.isSymbolicLink(file) ? " (a link to " + Files.readSymbolicLink(file) + ")" : "";
        } catch (IOException e) {
            return " (a link)";
        }
    }
}
