package dev.gather.identity;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A process and its parents, read from {@code /proc/<pid>/stat}: who a request or hook event comes from. */
public final class Ancestry {
    /** Far more than any real nesting of shells, harnesses and tools under a pane. */
    static final int MAX_HOPS = 64;

    private Ancestry() {}

    /** {@code pid}, its parent, and so on up to (not including) pid 1; empty when it is already gone. */
    public static List<Long> of(long pid) {
        return of(pid, Path.of("/proc"));
    }

    static List<Long> of(long pid, Path proc) {
        List<Long> chain = new ArrayList<>();
        long p = pid;
        while (p > 1 && chain.size() < MAX_HOPS && !chain.contains(p)) {
            Optional<Long> parent = parent(proc.resolve(Long.toString(p)).resolve("stat"));
            if (parent.isEmpty()) {
                break;
            }
            chain.add(p);
            p = parent.get();
        }
        return chain;
    }

    /**
     * The parent pid in a stat line: {@code pid (comm) state ppid …}. The command name may hold
     * spaces and parentheses, so the fields are counted from the last closing parenthesis.
     */
    static Optional<Long> parent(Path stat) {
        String line;
        try {
            line = Files.readString(stat, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return Optional.empty();
        }
        int close = line.lastIndexOf(')');
        if (close < 0) {
            return Optional.empty();
        }
        String[] fields = line.substring(close + 1).trim().split(" ");
        try {
            return fields.length > 1 ? Optional.of(Long.parseLong(fields[1])) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
