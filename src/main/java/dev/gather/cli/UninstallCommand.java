package dev.gather.cli;

import dev.gather.home.Homes;
import dev.gather.home.Trees;
import dev.gather.install.InstallException;
import dev.gather.install.InstalledPlugins;
import dev.gather.install.Installer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gather uninstall}: gather out of every harness, the daemon stopped, the program removed. */
@Command(name = "uninstall", resourceBundle = "dev.gather.cli.help.uninstall")
final class UninstallCommand implements Callable<Integer> {
    @Option(names = "--yes")
    boolean yes;

    @Option(names = "--purge")
    boolean purge;

    @Override
    public Integer call() throws Exception {
        Homes homes = Homes.fromEnvironment();
        Path launcher = InstallCommand.launcher();
        for (String harness : List.of("claude", "codex", "gemini")) {
            uninstall(harness, homes, launcher);
            // a plugin is the harness's to remove; left in place, its entries run a gather that is gone
            InstalledPlugins.removal(harness, homes)
                    .ifPresent(cmd ->
                            System.out.println(harness + ": gather's plugin is installed; remove it with: " + cmd));
        }
        DaemonCommand stop = new DaemonCommand();
        stop.stop = true;
        stop.call();
        Path state = homes.state().root();
        if (Files.isDirectory(state) && (purge || (!yes && ask("Delete gather's state in " + state + "?")))) {
            Trees.delete(state);
            System.out.println("deleted " + state);
        } else if (Files.isDirectory(state)) {
            System.out.println("kept " + state + " (journals and settings)");
        }
        removeProgram(launcher);
        return 0;
    }

    private static void uninstall(String harness, Homes homes, Path launcher) throws IOException {
        try {
            for (String line : Installer.forHarness(harness, homes, launcher, Clock.systemUTC())
                    .uninstall()) {
                if (!line.startsWith("nothing to remove")) {
                    System.out.println(harness + ": " + line);
                }
            }
        } catch (InstallException e) {
            System.out.println(harness + ": left as it is: " + e.getMessage());
        }
    }

    /** What make install put in place, as its list says; a checkout (no list) is left alone. */
    private static void removeProgram(Path launcher) throws IOException {
        Path home = launcher.getParent().getParent();
        Path list = home.resolve("installed-files");
        if (!Files.isRegularFile(list)) {
            System.out.println("the program in " + home + " is a build, not an install: left as it is");
            return;
        }
        List<Path> made = new ArrayList<>();
        for (String line : Files.readAllLines(list, StandardCharsets.UTF_8)) {
            if (line.startsWith("dir ")) {
                made.add(Path.of(line.substring("dir ".length())));
                continue;
            }
            Path p = Path.of(line);
            if (line.isBlank() || !p.isAbsolute()) {
                continue;
            }
            if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                Trees.delete(p);
            } else {
                Files.deleteIfExists(p);
            }
        }
        // the folders the install made, deepest first, where nothing else has come to live since
        made.sort(Comparator.comparingInt(Path::getNameCount).reversed());
        for (Path dir : made) {
            if (dir.isAbsolute() && Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS) && empty(dir)) {
                Files.delete(dir);
            }
        }
        System.out.println("removed the program from " + home);
    }

    private static boolean empty(Path dir) throws IOException {
        try (Stream<Path> inside = Files.list(dir)) {
            return inside.findAny().isEmpty();
        }
    }

    private static boolean ask(String question) throws IOException {
        if (System.console() == null) {
            return false;
        }
        System.out.print(question + " [y/N] ");
        System.out.flush();
        String answer = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        return answer != null && answer.strip().toLowerCase(Locale.ROOT).startsWith("y");
    }
}
