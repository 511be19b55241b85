package dev.gather.delivery;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The command lines of a pane's process and its descendants, as the OS reports them. A harness
 * installed with npm runs as {@code node …/codex.js} or {@code node …/@google/gemini-cli/…}, so its
 * pane's current command is only {@code node}; its command line still names it.
 */
final class ProcessTree {
    /** How many processes are read at most: a pane running a build can have thousands. */
    private static final int MAX = 64;

    private ProcessTree() {}

    /** Command lines (arguments joined by spaces) of {@code pid} and its descendants; empty if gone. */
    static List<String> commandLines(int pid) {
        if (pid <= 0) {
            return List.of();
        }
        Optional<ProcessHandle> root = ProcessHandle.of(pid);
        if (root.isEmpty()) {
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        Stream.concat(Stream.of(root.get()), root.get().descendants())
                .limit(MAX)
                .forEach(p -> commandLine(p).ifPresent(lines::add));
        return lines;
    }

    private static Optional<String> commandLine(ProcessHandle p) {
        ProcessHandle.Info info = p.info();
        return info.commandLine().or(info::command);
    }
}
