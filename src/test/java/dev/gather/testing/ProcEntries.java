package dev.gather.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Live processes found by a NUL-separated file of theirs under {@code /proc} ({@code environ}, {@code
 * cmdline}) holding a run of whole entries: how a test run finds what it started, whatever became of
 * its parents.
 */
final class ProcEntries {
    private ProcEntries() {}

    /** The live processes whose {@code /proc/PID/file} holds {@code entries}, one after another, whole. */
    static List<ProcessHandle> holding(String file, String... entries) {
        byte[] needle = (String.join("\0", entries) + "\0").getBytes(StandardCharsets.UTF_8);
        List<ProcessHandle> out = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            procs.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit))
                    .filter(p -> holds(read(p.resolve(file)), needle))
                    .forEach(
                            p -> ProcessHandle.of(Long.parseLong(p.getFileName().toString()))
                                    .filter(ProcessHandle::isAlive)
                                    .ifPresent(out::add));
        } catch (IOException e) {
            System.err.println("gather: could not list processes: " + e.getMessage());
        }
        return out;
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException | SecurityException e) {
            return new byte[0]; // a process that ended meanwhile, or one not ours to read
        }
    }

    /** Whether {@code needle} stands in {@code hay} starting at an entry (at the start or after a NUL). */
    private static boolean holds(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            if (i > 0 && hay[i - 1] != 0) {
                continue;
            }
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
