package dev.gather.cli;

import dev.gather.install.Installer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code gather install <harness>}: registers gather's MCP server and stop hook in a harness's user config. */
@Command(
        name = "install",
        description = {
            "Registers gather's MCP server and turn-end hook in the user config of Claude Code, Codex CLI or"
                    + " Gemini CLI.",
            "Idempotent; other settings are left as they are; --uninstall removes exactly what was added.",
            "",
            "Example:  gather install claude --print",
        })
final class InstallCommand implements Callable<Integer> {
    @Parameters(index = "0", description = "claude, codex or gemini")
    String harness;

    @Option(names = "--print", description = "Show the change without writing anything")
    boolean print;

    @Option(names = "--uninstall", description = "Remove what install added")
    boolean uninstall;

    @Option(names = "--home", description = "Config root instead of $HOME (for trying it out)")
    Path home;

    @Override
    public Integer call() throws Exception {
        Path root = home != null ? home : Path.of(System.getProperty("user.home"));
        Installer installer = Installer.forHarness(harness, root, launcher());
        List<String> lines = print
                ? (uninstall ? installer.planUninstall() : installer.planInstall())
                : (uninstall ? installer.uninstall() : installer.install());
        lines.forEach(System.out::println);
        return 0;
    }

    /** bin/gather next to the jar this runs from (target/gather.jar), so hooks work from any directory. */
    private static Path launcher() throws Exception {
        Path jar = Path.of(InstallCommand.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        Path bin = jar.toAbsolutePath().getParent().resolveSibling("bin").resolve("gather");
        if (!Files.isExecutable(bin)) {
            throw new IllegalStateException("cannot find the launcher " + bin + "; run gather install via bin/gather");
        }
        return bin;
    }
}
