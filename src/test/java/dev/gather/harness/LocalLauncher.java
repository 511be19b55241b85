package dev.gather.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;

/**
 * A {@code gather} launcher for tests (target/gather.jar does not exist during the test phase): its
 * {@code hook} runs this worktree's shell bin/gather at once (no JVM per turn, as installed for
 * users), everything else runs {@code dev.gather.cli.Main} on the test classpath. What {@code gather
 * mcp} answers is also copied to {@code mcp.out}, so a test can wait until a harness has its tools.
 */
final class LocalLauncher {
    private final Path dir;

    private LocalLauncher(Path dir) {
        this.dir = dir;
    }

    static LocalLauncher write(Path dir) throws IOException {
        return write(dir, Duration.ZERO);
    }

    /** As {@link #write(Path)}, with each {@code gather mcp} starting {@code slowStart} late, as on a slow machine. */
    static LocalLauncher write(Path dir, Duration slowStart) throws IOException {
        Files.createDirectories(dir);
        String java = ProcessHandle.current().info().command().orElse("java");
        String jvm = "'" + java + "' -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp '"
                + System.getProperty("java.class.path") + "' dev.gather.cli.Main \"$@\" 2>>'"
                + dir.resolve("gather.log") + "'";
        Path script = dir.resolve("gather");
        Files.writeString(
                script,
                "#!/bin/sh\n"
                        + "if [ \"$1\" = hook ]; then exec '" + LiveWorld.gatherScript() + "' \"$@\"; fi\n"
                        + "if [ \"$1\" = mcp ]; then "
                        + (slowStart.isZero() ? "" : "sleep " + slowStart.toSeconds() + "; ") + jvm + " | tee -a '"
                        + dir.resolve("mcp.out") + "'; exit; fi\n"
                        + "exec " + jvm + "\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return new LocalLauncher(dir);
    }

    Path script() {
        return dir.resolve("gather");
    }

    /** How many times a gather mcp answered tools/list (once per MCP client that asked). */
    long toolLists() throws IOException {
        Path out = dir.resolve("mcp.out");
        return Files.exists(out)
                ? Files.readAllLines(out).stream()
                        .filter(l -> l.contains("\"tools\":[{"))
                        .count()
                : 0;
    }

    /** The launcher's stderr so far (gather mcp's log lines). */
    String log() throws IOException {
        Path log = dir.resolve("gather.log");
        return Files.exists(log) ? Files.readString(log) : "";
    }

    /** What every gather mcp has written to its MCP client so far. */
    String mcpOut() throws IOException {
        Path out = dir.resolve("mcp.out");
        return Files.exists(out) ? Files.readString(out) : "";
    }
}
