package dev.gather.cli;

import dev.gather.about.Build;
import dev.gather.install.PluginFiles;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code gather plugins DIR}: gather as a Claude Code and Codex plugin and a Gemini CLI extension. */
@Command(name = "plugins", resourceBundle = "dev.gather.cli.help.plugins")
final class PluginsCommand implements Callable<Integer> {
    @Parameters(index = "0", descriptionKey = "dir")
    Path dir;

    @Option(names = "--launcher")
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
