package dev.gather.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Files on the test class path (src/test/resources, the shipped resources), read as text. */
public final class Fixtures {
    private Fixtures() {}

    /** The text of {@code resource}, a path on the class path such as {@code screens/codex/busy.txt}. */
    public static String text(String resource) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/" + resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + resource + " on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
