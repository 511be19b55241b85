package dev.gather.install;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Registers (or removes) gather's MCP server and stop hook in one harness's user config. Before the
 * first change to an existing file it keeps the original next to it ({@code *.gather-backup}); an
 * uninstall that leaves the same configuration restores those exact bytes.
 */
public final class Installer {
    private final HarnessConfig harness;

    private Installer(HarnessConfig harness) {
        this.harness = harness;
    }

    /**
     * @param home the user's home (config root), e.g. {@code $HOME}
     * @param launcher absolute path of bin/gather
     */
    public static Installer forHarness(String name, Path home, Path launcher) throws InstallException {
        String command = launcher.toAbsolutePath().normalize().toString();
        return new Installer(
                switch (name.toLowerCase(Locale.ROOT)) {
                    case "claude" -> new ClaudeConfig(home, command);
                    case "codex" -> new CodexConfig(home, command);
                    case "gemini" -> new GeminiConfig(home, command);
                    default -> throw new InstallException(
                            "unknown harness '" + name + "' (use claude, codex or gemini)");
                });
    }

    /** What an install would change, file by file (nothing written). */
    public List<String> planInstall() throws InstallException, IOException {
        return describe(edits(true));
    }

    public List<String> planUninstall() throws InstallException, IOException {
        return describe(edits(false));
    }

    /** Installs; returns one line per file changed (none when already installed). */
    public List<String> install() throws InstallException, IOException {
        List<ConfigEdit> edits = edits(true);
        for (ConfigEdit e : edits) {
            Path backup = backup(e.file());
            if (e.changes() && e.before().isPresent() && Files.notExists(backup)) {
                ConfigFiles.write(backup, e.before().get());
            }
            apply(e);
        }
        return summary(edits, "registered gather in ");
    }

    public List<String> uninstall() throws InstallException, IOException {
        List<ConfigEdit> edits = edits(false);
        for (ConfigEdit e : edits) {
            apply(e);
            Files.deleteIfExists(backup(e.file()));
        }
        return summary(edits, "removed gather from ");
    }

    private List<ConfigEdit> edits(boolean install) throws InstallException, IOException {
        List<ConfigEdit> edits = new ArrayList<>();
        for (Path file : harness.files()) {
            Optional<byte[]> before = ConfigFiles.read(file);
            Optional<byte[]> after;
            if (install) {
                after = Optional.of(harness.install(file, before));
            } else if (before.isEmpty()) {
                after = Optional.empty();
            } else {
                after = harness.uninstall(file, before.get());
                Optional<byte[]> original = ConfigFiles.read(backup(file));
                if (original.isPresent() && after.isPresent() && harness.sameMeaning(original.get(), after.get())) {
                    after = original;
                }
            }
            edits.add(new ConfigEdit(file, before, after));
        }
        return edits;
    }

    private static Path backup(Path file) {
        return file.resolveSibling(file.getFileName() + ".gather-backup");
    }

    private static void apply(ConfigEdit e) throws IOException {
        if (!e.changes()) {
            return;
        }
        if (e.after().isPresent()) {
            ConfigFiles.write(e.file(), e.after().get());
        } else {
            Files.deleteIfExists(e.file());
        }
    }

    private static List<String> summary(List<ConfigEdit> edits, String verb) {
        List<String> lines = new ArrayList<>();
        for (ConfigEdit e : edits) {
            lines.add(e.changes() ? verb + e.file() : "unchanged " + e.file());
        }
        return lines;
    }

    private static List<String> describe(List<ConfigEdit> edits) {
        List<String> lines = new ArrayList<>();
        for (ConfigEdit e : edits) {
            if (!e.changes()) {
                lines.add("# " + e.file() + ": unchanged");
            } else if (e.after().isEmpty()) {
                lines.add("# " + e.file() + ": would be removed (only gather's settings were in it)");
            } else {
                lines.add("# " + e.file() + ": would become");
                lines.add(new String(e.after().get(), java.nio.charset.StandardCharsets.UTF_8).stripTrailing());
            }
        }
        return lines;
    }
}
