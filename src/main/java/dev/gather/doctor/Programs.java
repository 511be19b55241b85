package dev.gather.doctor;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/** Finds programs on a PATH and asks them short questions, each bounded in time. */
final class Programs {
    private static final long DEADLINE_SECONDS = 10;
    private final String path;

    Programs(String path) {
        this.path = path == null ? "" : path;
    }

    /** The first executable named {@code name} on the PATH. */
    Optional<Path> find(String name) {
        for (String dir : path.split(":")) {
            if (dir.isEmpty()) {
                continue;
            }
            Path p = Path.of(dir, name);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** What {@code command} prints (stdout and stderr) when it exits 0 within the deadline. */
    Optional<String> output(List<String> command) {
        List<String> argv = new ArrayList<>(command);
        try {
            Process p = new ProcessBuilder(argv)
                    .redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .start();
            byte[] out = p.getInputStream().readNBytes(64 * 1024);
            if (!p.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Optional.empty();
            }
            return p.exitValue() == 0 ? Optional.of(new String(out, StandardCharsets.UTF_8).strip()) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    private static final Pattern VERSION = Pattern.compile("\\d+\\.\\d+");

    /** The first line of {@code output} that names a version (a harness may warn before it). */
    static String versionLine(String output) {
        return output.lines()
                .map(String::strip)
                .filter(l -> VERSION.matcher(l).find() && !l.startsWith("WARNING"))
                .findFirst()
                .orElse("version unknown");
    }
}
