package dev.gather.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * What a command's help costs: laid out on one line before it is broken for the terminal, a synopsis
 * was laid out at a width of a billion columns, and every {@code --help} (and every usage shown for a
 * mistyped option, in the daemon for a bridged command) took 25 s and 4 GB.
 */
class HelpCostTest {
    @TempDir
    Path dir;

    @Test
    void theLongestHelpIsShownInASmallHeap() throws Exception {
        Path out = dir.resolve("help.out");
        Process p = new ProcessBuilder(
                        ProcessHandle.current().info().command().orElse("java"),
                        "-Xmx48m",
                        "-cp",
                        System.getProperty("java.class.path"),
                        "dev.gather.cli.Main",
                        "start",
                        "--help")
                .redirectErrorStream(true)
                .redirectOutput(out.toFile())
                .start();
        p.getOutputStream().close();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "help ended");
        String said = Files.readString(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), said);
        assertTrue(said.contains("Usage: gather start"), said);
    }

    @Test
    void everySynopsisIsOneLineAtTheWidthItIsLaidOutAt() {
        for (String path : HelpWidthTest.commands().toList()) {
            CommandLine cli = Main.commandLine();
            for (String name : path.isEmpty() ? new String[0] : path.split(" ")) {
                cli = cli.getSubcommands().get(name);
            }
            UsageMessageSpec usage = cli.getCommandSpec().usageMessage();
            usage.autoWidth(false);
            usage.width(HelpSections.ONE_LINE);
            CommandLine.Help help = cli.getHelp();
            List<String> lines =
                    help.synopsis(help.synopsisHeadingLength()).strip().lines().toList();
            assertEquals(1, lines.size(), "gather " + path + ": " + lines);
            assertTrue(lines.get(0).length() < HelpSections.ONE_LINE / 4, "gather " + path + ": " + lines.get(0));
        }
    }
}
