package dev.gather.process;

import java.util.List;
import java.util.Set;

/** Codex told by its program, not by a word in a command line: who may move a turn to another pane. */
public final class CodexProgram {
    private CodexProgram() {}

    /**
     * Whether Codex runs as {@code pid} or under it (its one background server runs every pane's
     * turns): a process whose program is Codex's, never one whose arguments merely mention it ({@code
     * vim codex-notes.md} is no Codex).
     */
    public static boolean runsIn(int pid) {
        return pid > 0 && Processes.arguments(pid).stream().anyMatch(p -> isCodex(p.args()));
    }

    /** Programs that run a script named by their first argument that is no option. */
    private static final Set<String> INTERPRETERS =
            Set.of("node", "nodejs", "bun", "deno", "sh", "bash", "dash", "zsh", "python", "python3");

    /**
     * Whether {@code argv} runs Codex: its program is the {@code codex} executable, or an interpreter
     * runs Codex's launcher ({@code npm} installs it as {@code node …/bin/codex.js}, linked as {@code
     * codex}).
     */
    static boolean isCodex(List<String> argv) {
        if (argv.isEmpty()) {
            return false;
        }
        String program = fileName(argv.get(0));
        if (program.equals("codex")) {
            return true;
        }
        if (!INTERPRETERS.contains(program)) {
            return false;
        }
        return argv.stream()
                .skip(1)
                .filter(a -> !a.startsWith("-"))
                .findFirst()
                .map(CodexProgram::fileName)
                .filter(script -> script.equals("codex") || script.equals("codex.js"))
                .isPresent();
    }

    private static String fileName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }
}
