package dev.gather.home;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.agents.AgentCommands;
import dev.gather.profile.Profiles;
import dev.gather.rhythm.RhythmException;
import dev.gather.rhythm.RhythmLoader;
import dev.gather.transport.Transports;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every reader of the configuration in {@code $GATHER_HOME} goes through {@link ConfigFile}: a link to
 * {@code /dev/zero}, a FIFO or an oversized file is an error naming the file, at once, never a hang or an
 * out-of-memory death of the daemon.
 */
class ConfigReadersTest {
    @TempDir
    Path home;

    @Test
    void agentsYamlLinkedToDevZero() throws Exception {
        Files.createSymbolicLink(home.resolve(AgentCommands.FILE), Path.of("/dev/zero"));
        RuntimeException e = assertTimeoutPreemptively(
                ConfigFileTest.PROMPTLY,
                () -> assertThrows(RuntimeException.class, () -> AgentCommands.load(new StateDir(home))));
        assertTrue(e.getMessage().contains(home.resolve(AgentCommands.FILE).toString()), e.getMessage());
        assertTrue(e.getMessage().contains("not a regular file"), e.getMessage());
    }

    @Test
    void agentsYamlAsAFifo() throws Exception {
        ConfigFileTest.fifo(home, AgentCommands.FILE);
        RuntimeException e = assertTimeoutPreemptively(
                ConfigFileTest.PROMPTLY,
                () -> assertThrows(RuntimeException.class, () -> AgentCommands.load(new StateDir(home))));
        assertTrue(e.getMessage().contains("FIFO"), e.getMessage());
    }

    @Test
    void profilesThatAreNoFilesAreSkippedAndTheRestLoad() throws Exception {
        Path dir = Files.createDirectories(home.resolve("profiles"));
        Files.createSymbolicLink(dir.resolve("zero.yaml"), Path.of("/dev/zero"));
        ConfigFileTest.fifo(dir, "fifo.yaml");
        Files.write(dir.resolve("huge.yaml"), new byte[4 * 1024 * 1024]);
        Profiles p = assertTimeoutPreemptively(ConfigFileTest.PROMPTLY, () -> Profiles.load(List.of(dir)));
        assertEquals(Profiles.SHIPPED.stream().sorted().toList(), p.names());
    }

    @Test
    void aRhythmLinkedToDevZeroIsAReadErrorAtItsPath() throws Exception {
        Path f = Files.createSymbolicLink(home.resolve("zero.yaml"), Path.of("/dev/zero"));
        RhythmException e = assertTimeoutPreemptively(
                ConfigFileTest.PROMPTLY, () -> assertThrows(RhythmException.class, () -> RhythmLoader.load(f)));
        assertTrue(
                e.getMessage().contains("[file.special]") && e.getMessage().contains("not a regular file"),
                e.getMessage());
    }

    @Test
    void configPropertiesAsAFifo() throws Exception {
        ConfigFileTest.fifo(home, "config.properties");
        IllegalStateException e = assertTimeoutPreemptively(
                ConfigFileTest.PROMPTLY,
                () -> assertThrows(IllegalStateException.class, () -> Transports.config(Map.of(), home)));
        assertTrue(e.getMessage().contains(home.resolve("config.properties").toString()), e.getMessage());
    }

    @Test
    void configPropertiesStillReadsAsBefore() throws Exception {
        Files.writeString(home.resolve("config.properties"), "computer = studio\n");
        assertEquals("studio", Transports.config(Map.of(), home).computer());
    }
}
