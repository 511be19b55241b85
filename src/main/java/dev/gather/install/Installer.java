package dev.gather.install;

import dev.gather.home.Homes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Registers (or removes) gather's MCP server and turn-end hook in one harness's user config, found through
 * {@link Homes}. Install adds only entries it can recognise later as exactly its own and refuses where the
 * user has a gather entry of their own; uninstall removes exactly those entries. Before the first change to
 * an existing file it keeps the original next to it ({@code *.gather-backup}); an uninstall that leaves the
 * same configuration restores those exact bytes. Every entry added or removed is a line in {@code
 * install.log}.
 */
public final class Installer {
    private final HarnessConfig harness;
    private final InstallLog log;

    private Installer(HarnessConfig harness, InstallLog log) {
        this.harness = harness;
        this.log = log;
    }

    /**
     * @param homes where the harness's config and gather's install log are
     * @param launcher absolute path of bin/gather
     */
    public static Installer forHarness(String name, Homes homes, Path launcher, Clock clock) throws InstallException {
        String command = launcher.toAbsolutePath().normalize().toString();
        HarnessConfig harness =
                switch (name.toLowerCase(Locale.ROOT)) {
                    case "claude" -> ClaudeConfig.of(homes, command);
                    case "codex" -> new CodexConfig(homes, command);
                    case "gemini" -> GeminiConfig.of(homes, command);
                    default -> throw new InstallException(
                            "unknown harness '" + name + "' (use claude, codex or gemini)");
                };
        return new Installer(harness, new InstallLog(homes.state().installLog(), clock));
    }

    /** What an install would write, file by file, as the whole new file (nothing written). */
    public List<String> planInstall() throws InstallException, IOException {
        return describe(edits(true));
    }

    /** What an uninstall would write, file by file (nothing written). */
    public List<String> planUninstall() throws InstallException, IOException {
        return describe(edits(false));
    }

    /** Whether gather's entries, for this launcher, are all in place (an install would change nothing). */
    public boolean installed() throws InstallException, IOException {
        return edits(true).stream().allMatch(e -> e.change().entries().isEmpty());
    }

    /** Installs; one line per file saying what changed. Nothing is written when any file refuses. */
    public List<String> install() throws InstallException, IOException {
        List<Edit> edits = edits(true);
        List<String> lines = new ArrayList<>();
        for (Edit e : edits) {
            Path backup = backup(e.file());
            if (e.changes() && e.before().isPresent() && Files.notExists(backup)) {
                ConfigFiles.write(backup, e.before().get());
            }
            apply(e);
            for (Entry entry : e.change().entries()) {
                log.record(harness.name(), e.file(), "install", entry);
            }
            lines.add(
                    e.change().entries().isEmpty()
                            ? "unchanged " + e.file() + " (gather is registered)"
                            : "registered gather in " + e.file() + " (" + ats(e) + ")");
            lines.addAll(e.change().leftAlone());
        }
        return lines;
    }

    /** Uninstalls exactly what install wrote; says "nothing to remove" where gather's entries are not there. */
    public List<String> uninstall() throws InstallException, IOException {
        List<Edit> edits = edits(false);
        List<String> lines = new ArrayList<>();
        for (Edit e : edits) {
            apply(e);
            for (Entry entry : e.change().entries()) {
                log.record(harness.name(), e.file(), "uninstall", entry);
            }
            if (e.change().entries().isEmpty()) {
                lines.add("nothing to remove in " + e.file());
            } else {
                Files.deleteIfExists(backup(e.file()));
                lines.add("removed gather from " + e.file() + " (" + ats(e) + ")");
            }
            lines.addAll(e.change().leftAlone());
        }
        return lines;
    }

    private record Edit(Path file, Optional<byte[]> before, FileChange change) {
        Optional<byte[]> after() {
            return change.after();
        }

        boolean changes() {
            if (before.isPresent() != after().isPresent()) {
                return true;
            }
            return before.isPresent() && !Arrays.equals(before.get(), after().get());
        }
    }

    private List<Edit> edits(boolean install) throws InstallException, IOException {
        List<Edit> edits = new ArrayList<>();
        for (Path file : harness.files()) {
            Optional<byte[]> before = ConfigFiles.read(file);
            FileChange change;
            if (install) {
                change = harness.install(file, before);
            } else if (before.isEmpty()) {
                change = new FileChange(Optional.empty(), List.of(), List.of());
            } else {
                change = harness.uninstall(file, before.get(), log.installed(harness.name(), file));
                Optional<byte[]> original = ConfigFiles.read(backup(file));
                if (!change.entries().isEmpty()
                        && original.isPresent()
                        && change.after().isPresent()
                        && harness.sameMeaning(original.get(), change.after().get())) {
                    change = new FileChange(original, change.entries(), change.leftAlone());
                }
            }
            edits.add(new Edit(file, before, change));
        }
        return edits;
    }

    private static String ats(Edit e) {
        return String.join(", ", e.change().entries().stream().map(Entry::at).toList());
    }

    private static Path backup(Path file) {
        return file.resolveSibling(file.getFileName() + ".gather-backup");
    }

    private static void apply(Edit e) throws IOException {
        if (!e.changes()) {
            return;
        }
        if (e.after().isPresent()) {
            ConfigFiles.write(e.file(), e.after().get());
        } else if (Files.isSymbolicLink(e.file())) {
            // a link (dotfiles managed with stow) and the file it names are the person's: both stay, emptied
            ConfigFiles.write(
                    e.file(),
                    e.file().toString().endsWith(".json") ? "{}\n".getBytes(StandardCharsets.UTF_8) : new byte[0]);
        } else {
            Files.deleteIfExists(e.file());
        }
    }

    /** Each file exactly as it would be written, byte for byte, under a header line naming it. */
    private static List<String> describe(List<Edit> edits) {
        List<String> lines = new ArrayList<>();
        for (Edit e : edits) {
            if (!e.changes()) {
                lines.add("# " + e.file() + ": unchanged");
            } else if (e.after().isEmpty()) {
                lines.add("# " + e.file() + ": would be removed (only gather's entries were in it)");
            } else {
                lines.add("# " + e.file() + ": would become (" + ats(e) + ")");
                String text = new String(e.after().get(), StandardCharsets.UTF_8);
                lines.add(text.endsWith("\n") ? text.substring(0, text.length() - 1) : text);
            }
            lines.addAll(e.change().leftAlone());
        }
        return lines;
    }
}
