package dev.gather.process;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;
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
    /** The environment read at most: far more than a real one, and a bound on a hostile one. */
    private static final int MAX_ENVIRONMENT = 1 << 20;

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
     * The controlling terminal of {@code pid} (the kernel's device number, {@code tty_nr} in its stat
     * line), if it has one: a person's shell has one; a process detached with {@code setsid} has none.
     */
    public static Optional<Long> terminal(long pid) {
        try {
            String line = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.UTF_8);
            String[] fields = line.substring(line.lastIndexOf(')') + 1).trim().split(" ");
            long tty = fields.length > 4 ? Long.parseLong(fields[4]) : 0;
            return tty == 0 ? Optional.empty() : Optional.of(tty);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The parent pid in a stat line: {@code pid (comm) state ppid …}. The command name may hold
     * spaces and parentheses, so the fields are counted from the last closing parenthesis.
     */
    static Optional<Long> parent(Path stat) {
        return field(stat, 1);
    }

    /** The numeric field {@code index} after the command name of a stat line (0 is the state). */
    private static Optional<Long> field(Path stat, int index) {
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
            return fields.length > index ? Optional.of(Long.parseLong(fields[index])) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /**
     * The session {@code pid} runs in (the pid of its session's leader), if it runs. Unlike its
     * parents, a session outlives the process that started it: a child whose parent ended keeps it,
     * and no process can join a session it was not born into ({@code setsid} only makes a new one), so
     * a process in a tmux pane's session was started in that pane, whoever its parent is now.
     */
    public static Optional<Long> session(long pid) {
        return field(Path.of("/proc", Long.toString(pid), "stat"), 3);
    }

    /**
     * The value of {@code name} in the environment {@code pid} was started with, if it can be read:
     * a hint of where a process came from (it inherits its pane's {@code $TMUX_PANE} and {@code
     * $TMUX} even after it leaves the pane's process tree), never identity on its own.
     */
    public static Optional<String> environment(long pid, String name) {
        Path file = Path.of("/proc", Long.toString(pid), "environ");
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(MAX_ENVIRONMENT);
        } catch (IOException e) {
            return Optional.empty();
        }
        String prefix = name + "=";
        for (String entry : new String(bytes, StandardCharsets.UTF_8).split("\u0000")) {
            if (entry.startsWith(prefix)) {
                return Optional.of(entry.substring(prefix.length()));
            }
        }
        return Optional.empty();
    }

    /**
     * The terminals {@code pid}'s standard input, output and error are (such as {@code /dev/pts/3}),
     * as far as {@code /proc} shows them: a process that left its pane's tree with {@code setsid} and
     * cleared its environment still reads its pane's terminal unless it also let go of it.
     */
    public static Set<String> terminals(long pid) {
        Set<String> ttys = new LinkedHashSet<>();
        for (int fd = 0; fd <= 2; fd++) {
            try {
                String target = Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), "fd", Integer.toString(fd)))
                        .toString();
                if (target.startsWith("/dev/pts/") || target.startsWith("/dev/tty")) {
                    ttys.add(target);
                }
            } catch (IOException | UnsupportedOperationException e) {
                // gone, or not ours to read: no terminal known
            }
        }
        return ttys;
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
        List<String> lines = new ArrayList<>();
        tree(pid).forEach(p -> commandLine(p).ifPresent(lines::add));
        return lines;
    }

    private static Optional<String> commandLine(ProcessHandle p) {
        ProcessHandle.Info info = p.info();
        return info.commandLine().or(info::command);
    }

    /**
     * The arguments of {@code pid} and of its descendants, each process's own list, nearest first;
     * empty where {@code /proc} cannot be read (not Linux, or gone). A door runs its harness's own
     * program with the pane's own settings, so it needs them exactly, not joined by spaces.
     */
    public static List<ProcessArgs> arguments(long pid) {
        List<ProcessArgs> all = new ArrayList<>();
        tree(pid).forEach(p -> {
            List<String> args = nulSeparated(Path.of("/proc", Long.toString(p.pid()), "cmdline"));
            if (!args.isEmpty()) {
                all.add(new ProcessArgs(p.pid(), args));
            }
        });
        return all;
    }

    /** One process and its arguments ({@code argv}). */
    public record ProcessArgs(long pid, List<String> args) {
        public ProcessArgs {
            args = List.copyOf(args);
        }
    }

    /** The environment {@code pid} was started with; empty where it cannot be read. */
    public static Map<String, String> environment(long pid) {
        Map<String, String> env = new LinkedHashMap<>();
        for (String kv : nulSeparated(Path.of("/proc", Long.toString(pid), "environ"))) {
            int eq = kv.indexOf('=');
            if (eq > 0) {
                env.put(kv.substring(0, eq), kv.substring(eq + 1));
            }
        }
        return env;
    }

    /**
     * Ends {@code pid} and everything under it, asking first and forcing whatever has not gone within
     * {@code grace}: a node harness in a pane may ignore the hang-up and outlive its tmux server.
     */
    public static void endTree(long pid, Duration grace) {
        List<ProcessHandle> tree = tree(pid);
        tree.forEach(ProcessHandle::destroy);
        for (ProcessHandle p : tree) {
            try {
                p.onExit().get(grace.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (ExecutionException | TimeoutException e) {
                p.destroyForcibly();
            }
        }
    }

    /** {@code pid} and what runs under it now (at most 64 processes in all), nearest first; empty when it is gone. */
    public static List<ProcessHandle> tree(long pid) {
        return ProcessHandle.of(pid)
                .map(root -> Stream.concat(Stream.of(root), root.descendants())
                        .limit(MAX_DESCENDANTS)
                        .toList())
                .orElse(List.of());
    }

    /**
     * Whatever of {@code tree} still runs {@code grace} from now is asked to end, and made to after
     * another {@code grace}; waits on no caller's thread, but on {@code later}, which runs a task after
     * a delay on a thread its owner closes. A handle knows its process's start, so a pid used again
     * meanwhile is not touched.
     */
    public static void endLeftovers(List<ProcessHandle> tree, Duration grace, BiConsumer<Duration, Runnable> later) {
        later.accept(grace, () -> {
            tree.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroy);
            later.accept(
                    grace, () -> tree.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly));
        });
    }

    private static List<String> nulSeparated(Path file) {
        try {
            String all = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
            return all.isEmpty() ? List.of() : List.of(all.split("\0"));
        } catch (IOException e) {
            return List.of();
        }
    }
}
