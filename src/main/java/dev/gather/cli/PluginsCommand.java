package dev.gather.cli;

import dev.gather.about.Build;
import dev.gather.install.PluginFiles;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code gather plugins DIR}: gather as a Claude Code and Codex plugin and a Gemini CLI extension. */
@Command(
        name = "plugins",
        description = {
            "Write gather as a Claude Code plugin and a Codex plugin (one local marketplace) and a Gemini CLI"
                    + " extension into a folder, each running this gather. Install them with the harness's own"
                    + " commands, offline; docs/install.md has them. make install writes this folder to"
                    + " ~/.local/share/gather/plugins; gather install stays the way that edits your config itself.",
            "",
            "Example:  gather plugins /tmp/gather-plugins",
        })
final class PluginsCommand implements Callable<Integer> {
    @Parameters(index = "0", description = "The folder to write into (made when missing)")
    Path dir;

    @Option(
            names = "--launcher",
            description = "The command the hooks and the MCP server run (default: this gather's launcher;"
                    + " 'gather' for the one on PATH)")
    String launcher;

    @Override
    public Integer call() throws Exception {
        String command = launcher != null ? launcher : InstallCommand.launcher().toString();
        new PluginFiles(command, Build.version()).writeTo(dir);
        Path root = dir.toAbsolutePath().normalize();
        System.out.println("wrote gather's plugins, running " + command + ", into " + root);
        System.out.println("  claude plugin marketplace add " + root + " && claude plugin install gather@gather");
        System.out.println("  codex plugin marketplace add " + root + " && codex plugin add gather@gather");
        System.out.println("  gemini extensions install " + root.resolve("gemini"));
        return 0;
    }
}
