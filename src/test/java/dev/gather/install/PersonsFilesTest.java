package dev.gather.install;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 35: a settings.json kept as a symlink (dotfiles managed with stow) was replaced by a regular
 * file, and --uninstall where install never ran removed entries the person wrote that look like
 * gather's. Install edits through the link; uninstall removes only what install.log says it added.
 */
class PersonsFilesTest extends InstallCase {
    @Test
    void aSymlinkedSettingsFileIsEditedThroughItsLinkAndStaysALink() throws Exception {
        Path dotfiles = Files.createDirectories(home.resolve("dotfiles/claude"));
        Path real = Files.writeString(dotfiles.resolve("settings.json"), "{\"model\": \"opus\"}\n");
        Path settings = Files.createDirectories(home.resolve(".claude")).resolve("settings.json");
        Files.createSymbolicLink(settings, real);

        installer("claude").install();
        assertTrue(Files.isSymbolicLink(settings), "the link stays a link");
        JsonNode through = JsonConfig.MAPPER.readTree(real.toFile());
        assertEquals("opus", through.path("model").asText());
        assertTrue(through.path("hooks").has("Stop"), "gather's hook went into the file the link names: " + through);

        installer("claude").uninstall();
        assertTrue(Files.isSymbolicLink(settings), "still a link after uninstall");
        JsonNode after = JsonConfig.MAPPER.readTree(real.toFile());
        assertEquals("opus", after.path("model").asText());
        assertTrue(after.path("hooks").isMissingNode() || after.path("hooks").isEmpty(), after.toString());
    }

    @Test
    void uninstallWhereInstallNeverRanRemovesNothingThePersonWrote() throws Exception {
        // exactly what install writes, but written by the person: install.log knows nothing of it
        Installer claude = installer("claude");
        claude.install();
        Path settings = home.resolve(".claude/settings.json");
        Path claudeJson = home.resolve(".claude.json");
        String hook = Files.readString(settings);
        String server = Files.readString(claudeJson);
        Files.delete(state.resolve("install.log"));

        List<String> lines = installer("claude").uninstall();
        assertEquals(hook, Files.readString(settings), "the person's hook stays");
        assertEquals(server, Files.readString(claudeJson), "the person's server stays");
        assertTrue(lines.contains("nothing to remove in " + settings), lines.toString());
        assertTrue(lines.contains("nothing to remove in " + claudeJson), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.contains("install.log has no install of it")), lines.toString());
    }
}
