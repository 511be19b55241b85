package dev.gather.harness;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * The real harnesses, installed with npm at the versions pinned in {@code harnesses/package.json}
 * into the build's cache ({@link NpmCache}; about 20 s the first time, once per pin set and machine).
 * No npm fails loudly: a real-harness test never skips.
 */
final class NpmHarnesses {
    private static final String PINS = "/harnesses/package.json";
    private static Path installed;

    private NpmHarnesses() {}

    /** The executable of {@code bin} ({@code claude}, {@code codex}, {@code gemini}), installed if needed. */
    static synchronized Path bin(String bin) {
        if (installed == null) {
            installed = NpmCache.install("harnesses", PINS);
        }
        Path exe = installed.resolve("node_modules/.bin").resolve(bin);
        if (!Files.isExecutable(exe)) {
            throw new IllegalStateException("npm installed no '" + bin + "' under " + installed);
        }
        return exe;
    }

    /** The pinned version of {@code pkg}, as harnesses/package.json says. */
    static String version(String pkg) {
        String pins = new String(NpmCache.read(PINS), StandardCharsets.UTF_8);
        var m = Pattern.compile("\"" + Pattern.quote(pkg) + "\":\\s*\"([^\"]+)\"")
                .matcher(pins);
        if (!m.find()) {
            throw new IllegalArgumentException(pkg + " is not pinned in " + PINS);
        }
        return m.group(1);
    }
}
