package dev.gather.cli;

import dev.gather.about.Build;
import dev.gather.home.Homes;
import dev.gather.install.Installer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code gather install <harness>}: registers gather's MCP server and turn-end hook in a harness's user config. */
@Command(name = "install", resourceBundle = "dev.gather.cli.help.install", mixinStandardHelpOptions = true)
final class InstallCommand implements Callable<Integer> {
    @Parameters(index = "0", descriptionKey = "harness")
    String harness;

    @Option(names = "--print")
    boolean print;

    @Option(names = "--uninstall")
    boolean uninstall;

    @Option(names = "--home")
    Path home;

    @Override
    public Integer call() throws Exception {
        Installer installer =
                Installer.forHarness(harness, homes(System.getenv(), home), launcher(), Clock.systemUTC());
        List<String> lines = print
                ? (uninstall ? installer.planUninstall() : installer.planInstall())
                : (uninstall ? installer.uninstall() : installer.install());
        lines.forEach(System.out::println);
        return 0;
    }

    /** The homes of {@code env}, or, with {@code --home}, of {@code env} with that home and no harness overrides. */
    static Homes homes(Map<String, String> env, Path home) {
        if (home == null) {
            return Homes.of(env);
        }
        Map<String, String> tried = new HashMap<>(env);
        Homes.HARNESS_VARIABLES.forEach(tried::remove);
        tried.put("HOME", home.toAbsolutePath().toString());
        return Homes.of(tried);
    }

    /** bin/gather next to the jar this runs from (target/gather.jar), so hooks work from any directory. */
    static Path launcher() {
        Path bin = Build.launcherBeside();
        if (!Files.isExecutable(bin)) {
            throw new IllegalStateException("cannot find the launcher " + bin + "; run gather install via bin/gather");
        }
        return bin;
    }
}
