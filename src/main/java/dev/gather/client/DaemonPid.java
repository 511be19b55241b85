package dev.gather.client;

import dev.gather.home.StateDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * The process of a state directory's daemon, as its lock file names it: every daemon writes its pid
 * there when it starts and leaves it when it ends, so a client can tell "none ever ran here" (no
 * file), "it ran and is gone" (a pid no longer alive) and "it runs" apart, and name it in what it
 * says. bin/gather's shell hook reads the same file. Needs nothing beyond the JDK (the bridges use it).
 */
public final class DaemonPid {
    /** The most a pid line takes: the file is read with a bound, whatever lies there. */
    private static final int BOUND = 32;

    private DaemonPid() {}

    /** The pid the last daemon of {@code state} wrote, if any. */
    public static OptionalLong read(StateDir state) {
        Path lock = state.lock();
        if (!Files.isRegularFile(lock)) {
            return OptionalLong.empty();
        }
        try (var in = Files.newInputStream(lock)) {
            String line = new String(in.readNBytes(BOUND), StandardCharsets.US_ASCII).strip();
            return line.matches("[0-9]{1,10}") ? OptionalLong.of(Long.parseLong(line)) : OptionalLong.empty();
        } catch (IOException e) {
            return OptionalLong.empty();
        }
    }

    /** Whether a daemon ran for {@code state} and its process is gone (a crash, SIGKILL, a stop). */
    public static boolean gone(StateDir state) {
        return Files.isRegularFile(state.lock()) && read(state).stream().noneMatch(DaemonPid::alive);
    }

    /** The pid of {@code state}'s daemon while its process lives (answering or not). */
    public static OptionalLong living(StateDir state) {
        OptionalLong pid = read(state);
        return pid.isPresent() && alive(pid.getAsLong()) ? pid : OptionalLong.empty();
    }

    /**
     * Whether {@code pid} is stopped (SIGSTOP, or held by a debugger): it takes connections and
     * answers none of them until it is continued. False where there is no {@code /proc} to tell.
     */
    public static boolean stopped(long pid) {
        try {
            String state = state(Path.of("/proc", Long.toString(pid)));
            return state.startsWith("T") || state.startsWith("t");
        } catch (IOException | RuntimeException e) {
            return false; // no such process, or no /proc
        }
    }

    /** The state field of a process's stat line, which follows its command name (itself may hold spaces and parentheses). */
    private static String state(Path proc) throws IOException {
        String stat = Files.readString(proc.resolve("stat"), StandardCharsets.US_ASCII);
        return stat.substring(stat.lastIndexOf(") ") + 2);
    }

    /**
     * Whether {@code pid} is a live Java process: the pid a dead daemon left may have been given to
     * another program since, which is no daemon, and a killed daemon stays a zombie until it is reaped
     * (the shell hook judges by /proc/PID/comm and /proc/PID/stat the same way).
     */
    static boolean alive(long pid) {
        Path proc = Path.of("/proc", Long.toString(pid));
        if (!Files.isDirectory(Path.of("/proc/self"))) {
            return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        }
        try {
            String state = state(proc);
            return Files.readString(proc.resolve("comm"), StandardCharsets.US_ASCII)
                            .strip()
                            .equals("java")
                    && !state.startsWith("Z")
                    && !state.startsWith("X");
        } catch (IOException | RuntimeException e) {
            return false; // no such process, or it ended between the looks
        }
    }
}
