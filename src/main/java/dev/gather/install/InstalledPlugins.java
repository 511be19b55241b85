package dev.gather.install;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import dev.gather.home.Homes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Whether a harness has gather's plugin ({@link PluginFiles}) installed, read from the harness's own
 * records: Claude Code's {@code plugins/installed_plugins.json}, Codex's {@code [plugins."gather@gather"]}
 * in config.toml, Gemini CLI's {@code extensions/gather}. Only the harness's own commands change these.
 */
public final class InstalledPlugins {
    private static final String ID = PluginFiles.NAME + "@" + PluginFiles.NAME;

    private InstalledPlugins() {}

    /** The command that removes gather's plugin from {@code harness}, when it is installed there. */
    public static Optional<String> removal(String harness, Homes homes) {
        try {
            boolean installed =
                    switch (harness) {
                        case "claude" -> read(homes.claudeSettings().resolveSibling("plugins/installed_plugins.json"))
                                .map(t -> t.path("plugins").has(ID))
                                .orElse(false);
                        case "codex" -> Files.isRegularFile(homes.codexConfig())
                                && new TomlMapper()
                                        .readTree(homes.codexConfig().toFile())
                                        .path("plugins")
                                        .has(ID);
                        case "gemini" -> Files.isRegularFile(homes.geminiSettings()
                                .resolveSibling("extensions/" + PluginFiles.NAME + "/gemini-extension.json"));
                        default -> false;
                    };
            if (!installed) {
                return Optional.empty();
            }
        } catch (IOException e) {
            // a record the harness cannot read either: nothing gather can say about its plugins
            return Optional.empty();
        }
        return Optional.of(
                switch (harness) {
                    case "claude" -> "claude plugin uninstall " + ID + " && claude plugin marketplace remove "
                            + PluginFiles.NAME;
                    case "codex" -> "codex plugin remove " + ID + " && codex plugin marketplace remove "
                            + PluginFiles.NAME;
                    default -> "gemini extensions uninstall " + PluginFiles.NAME;
                });
    }

    private static Optional<JsonNode> read(Path file) throws IOException {
        return Files.isRegularFile(file) ? Optional.of(JsonConfig.MAPPER.readTree(file.toFile())) : Optional.empty();
    }
}
