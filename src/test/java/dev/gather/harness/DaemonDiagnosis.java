package dev.gather.harness;

import dev.gather.client.DaemonPid;
import dev.gather.home.StateDir;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** What a live test shows of a daemon when it fails: what its door watches read, its log, its threads. */
final class DaemonDiagnosis {
    private DaemonDiagnosis() {}

    /** Each Codex rollout's user messages and turn ends, one line each: what the door's watch reads. */
    static String rollouts(Path sessions) {
        StringBuilder out = new StringBuilder();
        try (Stream<Path> files = Files.walk(sessions)) {
            for (Path f : files.filter(x -> x.toString().endsWith(".jsonl")).toList()) {
                out.append(f.getFileName()).append(" (").append(Files.size(f)).append(" bytes)\n");
                for (String l : Files.readAllLines(f)) {
                    if (l.contains("\"role\":\"user\"")
                            || l.contains("task_complete")
                            || l.contains("turn_aborted")
                            || l.contains("task_started")) {
                        out.append("  ").append(l, 0, Math.min(l.length(), 400)).append('\n');
                    }
                }
            }
        } catch (IOException | UncheckedIOException x) {
            out.append("unreadable: ").append(x.getMessage());
        }
        return out.toString();
    }

    static String tail(Path file, int lines) {
        try {
            List<String> all = Files.readAllLines(file);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException x) {
            return "unreadable: " + x.getMessage();
        }
    }

    /** The living daemon's gather threads, from the JDK's own jcmd: a stuck timer shows here. */
    static String threads(StateDir state) {
        try {
            long pid = DaemonPid.living(state).orElse(-1L);
            if (pid < 0) {
                return "no daemon";
            }
            Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
            Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "Thread.print")
                    .redirectErrorStream(true)
                    .start();
            p.getOutputStream().close();
            String dump = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(30, TimeUnit.SECONDS);
            return Arrays.stream(dump.split("\n\n"))
                    .filter(t -> t.startsWith("\"gather-"))
                    .collect(Collectors.joining("\n\n"));
        } catch (IOException x) {
            return "jcmd failed: " + x.getMessage();
        } catch (InterruptedException x) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}
