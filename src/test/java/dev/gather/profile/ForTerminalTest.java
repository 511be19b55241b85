package dev.gather.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gather.tmux.Terminal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pane's profile is what runs in its terminal when gather types: read from a {@code /proc} laid out
 * by the test (the pane's first process, the foreground process group of its tty, their command lines).
 */
class ForTerminalTest {
    private static final Profiles SHIPPED = Profiles.shipped();
    private static final int PANE = 100;
    private static final int FOREGROUND = 200;

    @TempDir
    Path proc;

    @Test
    void aShellAtItsPromptIsAShellWhateverWasKnownOfThePane() throws IOException {
        process(PANE, FOREGROUND, "-bash");
        process(FOREGROUND, FOREGROUND, "-bash");
        assertEquals("shell", profile("bash", Optional.empty()));
        assertEquals("shell", profile("bash", Optional.of(SHIPPED.forKind("claude"))), "claude ended: a prompt again");
        process(FOREGROUND, FOREGROUND, "zsh", "-f");
        assertEquals("shell", profile("zsh", Optional.of(SHIPPED.forKind("sim"))));
    }

    @Test
    void aShellRunningAScriptIsAProgram() throws IOException {
        process(PANE, FOREGROUND, "sh", "-c", "read go; head -c 1");
        process(FOREGROUND, FOREGROUND, "sh", "-c", "read go; head -c 1");
        assertEquals("generic", profile("sh", Optional.empty()));
        process(FOREGROUND, FOREGROUND, "sh", "/usr/bin/gather", "sim", "--name", "Bo");
        assertEquals("sim", profile("sh", Optional.of(SHIPPED.forKind("sim"))), "known from its hooks");
    }

    @Test
    void anUnknownProgramInAPersonsShellIsShownNotTyped() throws IOException {
        // `gather send` still running in the foreground of a bash: what it leaves unread, bash would run
        process(PANE, FOREGROUND, "bash", "--norc", "-i");
        process(FOREGROUND, FOREGROUND, "java", "-cp", "x.jar", "dev.gather.bridge.CliBridge", "send");
        assertEquals("shell", profile("java", Optional.empty()));
        assertEquals("claude", profile("claude", Optional.empty()), "a harness started from a shell is typed into");
        assertEquals("sim", profile("java", Optional.of(SHIPPED.forKind("sim"))), "a known harness stays itself");
    }

    @Test
    void anUnknownProgramOfItsOwnPaneIsGeneric() throws IOException {
        process(PANE, PANE, "java", "dev.gather.cli.Main", "sim");
        assertEquals("generic", profile("java", Optional.empty()));
    }

    @Test
    void aShellWhoseProcessesCannotBeReadCountsAsAPrompt() {
        assertEquals("shell", profile("fish", Optional.empty()), "showing words is never unsafe; typing may be");
        assertEquals("generic", profile("java", Optional.empty()));
    }

    private String profile(String command, Optional<Profile> known) {
        return SHIPPED.forTerminal(new Terminal(command, PANE, "/dev/pts/9", 2, 0), known, proc)
                .name();
    }

    /** A process {@code pid} in foreground group {@code tpgid} running {@code argv}. */
    private void process(int pid, int tpgid, String... argv) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(Integer.toString(pid)));
        Files.writeString(dir.resolve("cmdline"), String.join("\0", argv) + "\0");
        Files.writeString(
                dir.resolve("stat"),
                pid + " (" + argv[0] + ") S 1 " + pid + " " + pid + " 34825 " + tpgid + " 4194560");
    }
}
