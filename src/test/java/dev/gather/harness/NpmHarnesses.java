package dev.gather.harness;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The real harnesses, installed with npm at the versions pinned in {@code harnesses/package.json}
 * into a cache the build owns ({@code $XDG_CACHE_HOME/gather/harnesses/<hash of that file>}, else
 * {@code $HOME/.cache/…}), never globally. The first test to ask installs them (about 20 s, once per
 * pin set and machine); a lock keeps parallel JVMs from installing twice. No npm fails loudly: a
 * real-harness test never skips.
 */
final class NpmHarnesses {
    private static final String PINS = "/harnesses/package.json";
    private static Path installed;

    private NpmHarnesses() {}

    /** The executable of {@code bin} ({@code claude}, {@code codex}, {@code gemini}), installed if needed. */
    static synchronized Path bin(String bin) {
        if (installed == null) {
            installed = install();
        }
        Path exe = installed.resolve("node_modules/.bin").resolve(bin);
        if (!Files.isExecutable(exe)) {
            throw new IllegalStateException("npm installed no '" + bin + "' under " + installed);
        }
        return exe;
    }

    /** The pinned version of {@code pkg}, as harnesses/package.json says. */
    static String version(String pkg) {
        String pins = new String(pins(), StandardCharsets.UTF_8);
        var m = java.util.regex.Pattern.compile("\"" + java.util.regex.Pattern.quote(pkg) + "\":\\s*\"([^\"]+)\"")
                .matcher(pins);
        if (!m.find()) {
            throw new IllegalArgumentException(pkg + " is not pinned in " + PINS);
        }
        return m.group(1);
    }

    private static Path install() {
        byte[] pins = pins();
        Path dir = cacheRoot().resolve(hash(pins));
        try {
            Files.createDirectories(dir);
            try (FileChannel ch = FileChannel.open(
                            dir.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock lock = ch.lock()) {
                Path done = dir.resolve(".installed");
                if (Files.exists(done)) {
                    return dir;
                }
                Files.write(dir.resolve("package.json"), pins);
                npm(dir);
                Files.writeString(done, "ok\n");
                return dir;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot install the pinned harnesses into " + dir, e);
        }
    }

    private static void npm(Path dir) throws IOException {
        Path log = dir.resolve("npm-install.log");
        Process p = new ProcessBuilder(
                        List.of("npm", "install", "--no-audit", "--no-fund", "--no-update-notifier", "--loglevel=warn"))
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            if (!p.waitFor(10, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException("npm install did not finish within 10 minutes; see " + log);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while npm installed the harnesses", e);
        }
        if (p.exitValue() != 0) {
            throw new IOException("npm install failed (exit " + p.exitValue() + "):\n" + Files.readString(log));
        }
    }

    private static Path cacheRoot() {
        return dev.gather.home.Homes.fromEnvironment().xdgCache().resolve("gather/harnesses");
    }

    private static byte[] pins() {
        try (InputStream in = NpmHarnesses.class.getResourceAsStream(PINS)) {
            if (in == null) {
                throw new IllegalStateException(PINS + " is missing from the test resources");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String hash(byte[] bytes) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(bytes))
                    .substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
