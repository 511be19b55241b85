package dev.gather.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** What a benchmark ran on and under: the computer, its software, its load, the code's commit. */
final class Machine {
    private Machine() {}

    /** One line: cores, CPU, memory, OS, Java, tmux, redis-server. */
    static String describe() {
        List<String> parts = new ArrayList<>();
        parts.add(Runtime.getRuntime().availableProcessors() + " cores");
        firstLine(Path.of("/proc/cpuinfo"), "model name")
                .ifPresent(l ->
                        parts.add("CPU \"" + l.substring(l.indexOf(':') + 1).strip() + "\""));
        firstLine(Path.of("/proc/meminfo"), "MemTotal")
                .ifPresent(l -> parts.add(String.format(
                        Locale.ROOT, "%.0f GiB RAM", Long.parseLong(l.replaceAll("[^0-9]", "")) / 1024.0 / 1024.0)));
        firstLine(Path.of("/etc/os-release"), "PRETTY_NAME=")
                .ifPresent(l -> parts.add(l.substring(l.indexOf('=') + 1).replace("\"", "")));
        parts.add("Java " + System.getProperty("java.version"));
        run("tmux", "-V").ifPresent(parts::add);
        run("redis-server", "--version")
                .map(v -> v.replaceFirst("^Redis server v=(\\S+).*", "redis-server $1"))
                .ifPresent(parts::add);
        return String.join(", ", parts);
    }

    /** The 1-minute load average, or -1 where /proc does not say. */
    static double load() {
        try {
            return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The checked-out commit (short), with "+ uncommitted changes" when the code differs from it. */
    static String head() {
        Optional<String> sha = run("git", "rev-parse", "--short=12", "HEAD");
        if (sha.isEmpty()) {
            return "unknown (not a git checkout)";
        }
        boolean dirty = run("git", "status", "--porcelain", "--", "src/main", "profiles", "pom.xml")
                .map(s -> !s.isBlank())
                .orElse(false);
        return sha.get() + (dirty ? " + uncommitted changes" : "");
    }

    private static Optional<String> firstLine(Path file, String prefix) {
        try {
            return Files.readAllLines(file).stream()
                    .filter(l -> l.startsWith(prefix))
                    .findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The first line a command prints, or empty when it is missing or fails. */
    static Optional<String> run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                return Optional.empty();
            }
            return Optional.of(out.lines().findFirst().orElse(""));
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
