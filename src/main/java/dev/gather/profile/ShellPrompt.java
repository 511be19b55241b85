package dev.gather.profile;

import dev.gather.tmux.Terminal;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Whether a person's shell could read what is typed into a pane: its foreground is an interactive
 * shell (a prompt), or the pane's first process is one and the foreground job is a program gather does
 * not know (what that program leaves unread, the shell reads and runs once it ends). A shell running
 * a script ({@code sh -c …}, {@code sh script}) is a program, not a prompt. Read from {@code /proc}:
 * the foreground process group of the pane's tty and command lines; where they cannot be read, a
 * shell by name counts as a prompt (showing words is never unsafe, typing them might be).
 */
final class ShellPrompt {
    /** Options of a shell that take the next argument as their value, not as a script. */
    private static final Set<String> WITH_VALUE = Set.of("-o", "+o", "-O", "+O", "--rcfile", "--init-file");

    private final Set<String> shells;
    private final Path proc;

    ShellPrompt(List<String> shells, Path proc) {
        this.shells = Set.copyOf(shells);
        this.proc = proc;
    }

    /** The terminal's foreground is a shell at its prompt. */
    boolean inForeground(Terminal t) {
        if (!isShell(t.command())) {
            return false;
        }
        return foreground(t.pid()).flatMap(this::argv).map(this::interactive).orElse(true);
    }

    /** The pane's first process is an interactive shell (whatever runs in its foreground now). */
    boolean underneath(Terminal t) {
        return argv(t.pid()).map(a -> isShell(a.get(0)) && interactive(a)).orElse(false);
    }

    /** Whether {@code command} (a name, a path, or a login shell's {@code -bash}) names a shell. */
    boolean isShell(String command) {
        String name = command.substring(command.lastIndexOf('/') + 1);
        return shells.contains(name.startsWith("-") ? name.substring(1) : name);
    }

    /** No script and no {@code -c}: the shell reads its commands from the terminal. */
    private boolean interactive(List<String> argv) {
        for (int i = 1; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.equals("-c") || a.equals("--command")) {
                return false;
            }
            if (WITH_VALUE.contains(a)) {
                i++;
            } else if (!a.startsWith("-") && !a.startsWith("+")) {
                return false; // a script to run
            }
        }
        return isShell(argv.get(0));
    }

    /** The foreground process group of the tty {@code pid} is attached to (field 8 of its stat). */
    private Optional<Integer> foreground(int pid) {
        try {
            String stat = Files.readString(proc.resolve(pid + "/stat"), StandardCharsets.UTF_8);
            // the command name in parentheses may hold spaces: fields count from after its ')'
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            int tpgid = Integer.parseInt(f[5]);
            return tpgid > 0 ? Optional.of(tpgid) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private Optional<List<String>> argv(int pid) {
        if (pid <= 0) {
            return Optional.empty();
        }
        try {
            String raw = Files.readString(proc.resolve(pid + "/cmdline"), StandardCharsets.UTF_8);
            List<String> argv = Arrays.stream(raw.split("\0")).toList();
            return argv.isEmpty() || argv.get(0).isEmpty() ? Optional.empty() : Optional.of(argv);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
