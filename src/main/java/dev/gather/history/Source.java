package dev.gather.history;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/** One folder of past talk to search, and the label a pulse names it by ({@code claude}, {@code journal}). */
public record Source(String label, Path root) {
    public Source {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(root, "root");
    }

    /** Gather's own journals and the transcript folders of Claude Code, Codex CLI and Gemini CLI under {@code home}. */
    public static List<Source> defaults(Path journals, Path home) {
        return List.of(
                new Source("journal", journals),
                new Source("claude", home.resolve(".claude/projects")),
                new Source("codex", home.resolve(".codex/sessions")),
                new Source("gemini", home.resolve(".gemini/tmp")));
    }
}
