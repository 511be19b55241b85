package dev.gather.harness;

import dev.gather.home.Homes;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * npm packages the tests run, installed at the versions a package.json in the test resources pins,
 * into a cache the build owns ({@code $XDG_CACHE_HOME/gather/<name>/<hash of that file>}, else
 * {@code $HOME/.cache/…}), never globally. The first test to ask installs them, once per pin set and
 * machine; a lock keeps parallel JVMs from installing twice. No npm fails loudly: nothing skips.
 */
public final class NpmCache {
    private NpmCache() {}

    /** The directory holding {@code node_modules} for the pins in resource {@code pins}, installed if needed. */
    public static Path install(String name, String pins) {
        byte[] bytes = read(pins);
        Path dir = Homes.fromEnvironment()
                .xdgCache()
                .resolve("gather")
                .resolve(name)
                .resolve(hash(bytes));
        try {
            Files.createDirectories(dir);
            try (FileChannel ch = FileChannel.open(
                            dir.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock lock = ch.lock()) {
                Path done = dir.resolve(".installed");
                if (Files.exists(done)) {
                    return dir;
                }
                Files.write(dir.resolve("package.json"), bytes);
                npm(dir);
                Files.writeString(done, "ok\n");
                return dir;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot install the pinned npm packages of " + pins + " into " + dir, e);
        }
    }

    /** The bytes of test resource {@code pins}. */
    static byte[] read(String pins) {
        try (InputStream in = NpmCache.class.getResourceAsStream(pins)) {
            if (in == null) {
                throw new IllegalStateException(pins + " is missing from the test resources");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
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
            throw new IOException("interrupted while npm installed into " + dir, e);
        }
        if (p.exitValue() != 0) {
            throw new IOException("npm install failed (exit " + p.exitValue() + "):\n" + Files.readString(log));
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
