package dev.gather.daemon;

import dev.gather.mcp.RawMcp;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;

/**
 * An installation of this build in a folder, as bin/gather finds one: bin/gather itself and a
 * target/gather.jar whose manifest points at the test class path (the jar may not be packaged yet when
 * tests run).
 */
public final class ThisBuild {
    private ThisBuild() {}

    /** Installs into {@code dir}; returns the launcher, {@code dir/bin/gather}. */
    public static Path install(Path dir) throws IOException {
        Files.createDirectories(dir.resolve("bin"));
        Files.createDirectories(dir.resolve("target"));
        Path launcher = dir.resolve("bin/gather");
        Files.copy(Path.of("bin/gather"), launcher);
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwx------"));
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "dev.gather.cli.Main");
        m.getMainAttributes()
                .put(
                        Attributes.Name.CLASS_PATH,
                        Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                                .map(p -> Path.of(p).toUri().toString())
                                .collect(Collectors.joining(" ")));
        try (OutputStream out = Files.newOutputStream(dir.resolve("target/gather.jar"));
                JarOutputStream jar = new JarOutputStream(out, m)) {
            jar.flush();
        }
        return launcher;
    }

    /** {@code gather sim} with {@code options}, run from the test class path (target/gather.jar is not built yet). */
    public static List<String> simCommand(String... options) {
        List<String> cmd = RawMcp.command("sim");
        cmd.addAll(List.of(options));
        return cmd;
    }
}
