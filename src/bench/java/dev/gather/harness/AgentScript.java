package dev.gather.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;

/**
 * An agents.yaml command for a harness in its own home: a script named as the harness ({@code claude})
 * that runs it with that home's environment. The daemon knows a kind it has no profile for (a second
 * Claude as harvester, say) by its program's name, which {@code env K=V program} would hide.
 */
public final class AgentScript {
    private AgentScript() {}

    /** Writes {@code dir/bin/<program's name>} running {@code program} with {@code env}; its command line. */
    public static List<String> write(Path dir, Map<String, String> env, Path program) throws IOException {
        StringBuilder script = new StringBuilder("#!/bin/sh\nexec env");
        env.forEach((k, v) -> script.append(' ').append(quoted(k + "=" + v)));
        script.append(' ').append(quoted(program.toString())).append(" \"$@\"\n");
        Path bin = Files.createDirectories(dir.resolve("bin")).resolve(program.getFileName());
        Files.writeString(bin, script);
        Files.setPosixFilePermissions(bin, PosixFilePermissions.fromString("rwx------"));
        return List.of(bin.toString());
    }

    private static String quoted(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
