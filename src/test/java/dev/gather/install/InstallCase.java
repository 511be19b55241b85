package dev.gather.install;

import dev.gather.home.Homes;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;

/** A private HOME and gather state for each test, and installers into them at a fixed time: the install tests' ground. */
abstract class InstallCase {
    @TempDir
    Path home;

    @TempDir
    Path state;

    final Path launcher = Path.of("/opt/gather/bin/gather");
    final Clock clock = Clock.fixed(Instant.parse("2026-11-23T10:00:00Z"), ZoneOffset.UTC);

    Installer installer(String harness) throws InstallException {
        return installer(harness, Map.of());
    }

    /** The installer for {@code harness}, {@code more} added to the environment it reads. */
    Installer installer(String harness, Map<String, String> more) throws InstallException {
        Map<String, String> env = new HashMap<>(more);
        env.put("HOME", home.toString());
        env.put("GATHER_HOME", state.toString());
        return Installer.forHarness(harness, Homes.of(env), launcher, clock);
    }
}
