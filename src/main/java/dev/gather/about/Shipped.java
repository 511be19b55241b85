package dev.gather.about;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The files gather ships inside its jar (rhythms, profiles, schemas, tool definitions, pages), by
 * their class-path names: one way to read them, and one word for a build that lacks one.
 */
public final class Shipped {
    private Shipped() {}

    /** The bytes of the shipped file at {@code path} (absolute on the class path), if the build holds it. */
    public static Optional<byte[]> bytes(String path) {
        try (InputStream in = Shipped.class.getResourceAsStream(path)) {
            return in == null ? Optional.empty() : Optional.of(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the shipped " + path, e);
        }
    }

    /** The text of the shipped file at {@code path}, which every build holds; {@code what} names it in the error. */
    public static String text(String path, String what) {
        byte[] b = bytes(path).orElseThrow(() -> new IllegalStateException(what + " is missing from the build"));
        return new String(b, StandardCharsets.UTF_8);
    }
}
