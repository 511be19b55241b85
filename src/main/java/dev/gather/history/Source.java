package dev.gather.history;

import dev.gather.home.Homes;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/** One folder of past talk to search, and the label a pulse names it by ({@code claude}, {@code journal}). */
public record Source(String label, Path root) {
    public Source {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(root, "root");
    }

    /** Gather's own journals and the transcript folders of Claude Code, Codex CLI and Gemini CLI in their homes. */
    public static List<Source> defaults(Path journals, Homes homes) {
        return List.of(
                new Source("journal", journals),
                new Source("claude", homes.claude().resolve("projects")),
                new Source("codex", homes.codex().resolve("sessions")),
                new Source("gemini", homes.gemini().resolve("tmp")));
    }
}
