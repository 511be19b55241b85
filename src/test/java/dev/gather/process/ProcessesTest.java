package dev.gather.process;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading the process table: parents from stat lines whose command names lie, and this process's chain. */
class ProcessesTest {
    @TempDir
    Path proc;

    @Test
    void aCommandNameWithSpacesAndParenthesesDoesNotShiftTheParent() throws Exception {
        Path stat = stat(40, "40 (evil) 1 2 (x) S 7 40 40 0");
        assertEquals(Optional.of(7L), Processes.parent(stat));
        assertEquals(Optional.empty(), Processes.parent(stat(41, "41 no parenthesis at all")));
        assertEquals(Optional.empty(), Processes.parent(proc.resolve("missing/stat")));
    }

    @Test
    void theChainStopsBeforePidOneAtAMissingProcessAndAtALoop() throws Exception {
        stat(30, "30 (sh) S 20 30 30 0");
        stat(20, "20 (tmux: server) S 1 20 20 0");
        assertEquals(List.of(30L, 20L), Processes.ancestry(30, proc));
        stat(50, "50 (a) S 60 50 50 0");
        assertEquals(List.of(50L), Processes.ancestry(50, proc), "60 is gone");
        stat(70, "70 (a) S 71 70 70 0");
        stat(71, "71 (b) S 70 71 71 0");
        assertEquals(List.of(70L, 71L), Processes.ancestry(70, proc));
    }

    @Test
    void thisProcessAndItsParentAreInItsOwnChain() {
        List<Long> chain = Processes.ancestryOfThisProcess();
        assertEquals(ProcessHandle.current().pid(), chain.get(0));
        assertTrue(chain.contains(ProcessHandle.current().parent().orElseThrow().pid()), chain.toString());
        assertTrue(Processes.commandLines((int) ProcessHandle.current().pid())
                .get(0)
                .contains("java"));
    }

    /** Codex is told by the program a process runs, never by a word in its arguments. */
    @Test
    void codexIsTheProgramNotAWordOnTheCommandLine() throws Exception {
        assertTrue(CodexProgram.isCodex(List.of("/usr/local/bin/codex", "--yolo")));
        assertTrue(CodexProgram.isCodex(List.of("node", "/usr/lib/node_modules/@openai/codex/bin/codex.js")));
        assertTrue(CodexProgram.isCodex(List.of("/usr/bin/node", "--no-warnings", "/home/a/.npm/bin/codex")));
        assertFalse(CodexProgram.isCodex(List.of("vim", "codex-notes.md")));
        assertFalse(CodexProgram.isCodex(List.of("node", "codex-notes.js")));
        assertFalse(CodexProgram.isCodex(List.of("grep", "-r", "codex", ".")));
        assertFalse(CodexProgram.isCodex(List.of()));

        Path notes = Files.writeString(proc.resolve("codex-notes.md"), "notes\n");
        Process reading = new ProcessBuilder("tail", "-f", notes.toString()).start();
        Path codex = proc.resolve("codex");
        Files.copy(Path.of("/bin/sleep"), codex);
        codex.toFile().setExecutable(true);
        Process running = new ProcessBuilder(codex.toString(), "30").start();
        try {
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> !Processes.arguments(running.pid()).isEmpty()
                            && !Processes.arguments(reading.pid()).isEmpty());
            assertFalse(CodexProgram.runsIn((int) reading.pid()), "a file named after Codex is no Codex");
            assertTrue(CodexProgram.runsIn((int) running.pid()));
        } finally {
            reading.destroyForcibly();
            running.destroyForcibly();
        }
    }

    private Path stat(long pid, String line) throws Exception {
        Path dir = Files.createDirectories(proc.resolve(Long.toString(pid)));
        return Files.writeString(dir.resolve("stat"), line);
    }
}
