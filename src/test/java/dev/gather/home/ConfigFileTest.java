package dev.gather.home;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Configuration is read only from regular files and only up to a bound, so no file can hang or sink gather. */
class ConfigFileTest {
    static final Duration PROMPTLY = Duration.ofSeconds(5);

    @TempDir
    Path dir;

    /** A FIFO in {@code dir}, made by the system's mkfifo (Java has no call for it). */
    static Path fifo(Path dir, String name) throws Exception {
        Path f = dir.resolve(name);
        Process p = new ProcessBuilder("mkfifo", f.toString()).inheritIO().start();
        assertEquals(0, p.waitFor());
        return f;
    }

    @Test
    void aLinkToDevZeroIsRefusedNamingTheFile() throws Exception {
        Path f = Files.createSymbolicLink(dir.resolve("agents.yaml"), Path.of("/dev/zero"));
        IOException e = assertTimeoutPreemptively(
                PROMPTLY, () -> assertThrows(IOException.class, () -> ConfigFile.text(f, 1024)));
        assertTrue(e.getMessage().contains(f.toString()), e.getMessage());
        assertTrue(
                e.getMessage().contains("/dev/zero") && e.getMessage().contains("not a regular file"), e.getMessage());
    }

    @Test
    void aFifoIsRefusedWithoutOpeningIt() throws Exception {
        Path f = fifo(dir, "profile.yaml");
        IOException e = assertTimeoutPreemptively(
                PROMPTLY, () -> assertThrows(IOException.class, () -> ConfigFile.bytes(f, 1024)));
        assertTrue(e.getMessage().startsWith(f + " is a device, FIFO or socket"), e.getMessage());
    }

    @Test
    void aDirectoryIsRefused() {
        IOException e = assertThrows(IOException.class, () -> ConfigFile.bytes(dir, 1024));
        assertTrue(e.getMessage().contains("is a directory"), e.getMessage());
    }

    @Test
    void aFileOverTheBoundIsRefusedAndOneAtItIsRead() throws Exception {
        Path f = Files.write(dir.resolve("big.yaml"), new byte[1025]);
        IOException e = assertThrows(IOException.class, () -> ConfigFile.bytes(f, 1024));
        assertTrue(e.getMessage().contains("larger than 1 KiB"), e.getMessage());
        assertEquals(1025, ConfigFile.bytes(f, 1025).length);
    }

    @Test
    void aFileWhoseSizeSaysNothingIsStillReadOnlyUpToTheBound() {
        // /proc files say size 0 and then give more: the bound holds while reading, not only by the size
        Path f = Path.of("/proc/self/maps");
        IOException e = assertThrows(IOException.class, () -> ConfigFile.bytes(f, 8));
        assertTrue(e.getMessage().contains("larger than"), e.getMessage());
    }

    @Test
    void aLinkToARegularFileIsReadAsIt() throws Exception {
        Path real = Files.writeString(dir.resolve("real.yaml"), "agents: {}\n");
        Path link = Files.createSymbolicLink(dir.resolve("agents.yaml"), real);
        assertArrayEquals("agents: {}\n".getBytes(StandardCharsets.UTF_8), ConfigFile.bytes(link, 1024));
        assertEquals("agents: {}\n", ConfigFile.text(link, 1024));
    }

    @Test
    void textThatIsNotUtf8IsACodingError() throws Exception {
        Path f = Files.write(dir.resolve("latin1.yaml"), new byte[] {'a', (byte) 0xe9, '\n'});
        assertThrows(CharacterCodingException.class, () -> ConfigFile.text(f, 1024));
    }
}
