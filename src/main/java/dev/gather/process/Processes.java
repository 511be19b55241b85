package dev.gather.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The one place gather reads the OS's process table: a process and its parents (who a request or
 * hook event comes from), and the command lines under a pane (which harness runs there).
 */
public final class Processes {
    /** Far more than any real nesting of shells, harnesses and tools under a pane. */
    static final int MAX_HOPS = 64;
    /** How many command lines are read at most: a pane running a build can have thousands of processes. */
    private static final int MAX_DESCENDANTS = 64;

    private Processes() {}

    /** {@code pid}, its parent, and so on up to (not including) pid 1; empty when it is already gone. */
    public static List<Long> ancestry(long pid) {
        return ancestry(pid, Path.of("/proc"));
    }

    /**
     * This very process and its parents, as {@link #ancestry(long)}; without a readable {@code /proc}
     * (not Linux), as the JDK sees them, so a hook event always names at least its writer.
     */
    public static List<Long> ancestryOfThisProcess() {
        List<Long> chain = ancestry(ProcessHandle.current().pid());
        if (!chain.isEmpty()) {
            return chain;
        }
        List<Long> handles = new ArrayList<>();
        for (Optional<ProcessHandle> p = Optional.of(ProcessHandle.current());
                p.isPresent() && handles.size() < MAX_HOPS;
                p = p.get().parent()) {
            handles.add(p.get().pid());
        }
        return handles;
    }

    static List<Long> ancestry(long pid, Path proc) {
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

    /**
     * Command lines (arguments joined by spaces) of {@code pid} and its descendants; empty if gone. A
     * harness installed with npm runs as {@code node …/codex.js}, so its pane's current command is
     * only {@code node}; its command line still names it.
     */
    public static List<String> commandLines(int pid) {
        if (pid <= 0) {
            return List.of();
        }
        Optional<ProcessHandle> root = ProcessHandle.of(pid);
        if (root.isEmpty()) {
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        Stream.concat(Stream.of(root.get()), root.get().descendants())
                .limit(MAX_DESCENDANTS)
                .forEach(p -> commandLine(p).ifPresent(lines::add));
        return lines;
    }

    private static Optional<String> commandLine(ProcessHandle p) {
        ProcessHandle.Info info = p.info();
        return info.commandLine().or(info::command);
    }
}
