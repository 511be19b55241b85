package dev.gather.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.rhythm.RhythmLibrary;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every subcommand answers --help with its usage, and nothing that looks like a fault. */
class HelpTest {
    static Stream<String> subcommands() {
        return Main.commandLine().getSubcommands().keySet().stream().sorted();
    }

    @ParameterizedTest
    @MethodSource("subcommands")
    void helpIsCleanUsage(String name) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        PrintStream saved = System.err;
        int code;
        System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8)); // picocli's tracer writes here
        try {
            picocli.CommandLine cli = Main.commandLine();
            cli.setOut(new PrintWriter(out));
            cli.setErr(new PrintWriter(err));
            code = cli.execute(name.equals("help") ? new String[] {"help", "send"} : new String[] {name, "--help"});
        } finally {
            System.setErr(saved);
        }
        // System.err is the whole JVM's: a live class running beside this one may log there too, so
        // only picocli's own lines in it count
        String tracer = stderr.toString(StandardCharsets.UTF_8)
                .lines()
                .filter(l -> l.startsWith("[picocli"))
                .collect(Collectors.joining("\n"));
        String all = out + "\n" + err + "\n" + tracer;
        assertEquals(0, code, all);
        assertTrue(tracer.isEmpty(), tracer);
        assertTrue(out.toString().startsWith("Usage: gather "), all);
        for (String fault : List.of("warn", "exception", "missing required", "unknown", "could not")) {
            assertFalse(all.toLowerCase(Locale.ROOT).contains(fault), name + " --help says '" + fault + "':\n" + all);
        }
        assertFalse(all.contains("gather list"), "there is no gather list");
    }

    @Test
    void theShellHookHandsHelpToTheUsage() throws Exception {
        Process p = new ProcessBuilder(Path.of("bin/gather").toAbsolutePath().toString(), "hook", "--help")
                .redirectErrorStream(true)
                .start();
        p.getOutputStream().close();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), text);
        // the shell answers without the jar (it does not exist while the tests run), word for word as Java would
        StringWriter java = new StringWriter();
        picocli.CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(java));
        assertEquals(0, cli.execute("hook", "--help"));
        assertEquals(java.toString(), text);
    }

    @Test
    void rhythmsListsEachWithBreathAndBeats(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("broken.yaml"), "name: broken\n");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RhythmsCommand.print(new RhythmLibrary(List.of(dir)), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String text = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(
                text.contains("minimal — Smallest full gathering: one round per phase, short and complete\n"
                        + "  breath: inhale 1 round, hold 1 round, exhale 1 round; talking piece\n"
                        + "  beats:  2 per turn, every 30s, then 15s grace\n"),
                text);
        assertTrue(
                text.contains("  breath: answer 1 round (private, then revealed by letter), review 1 round (private:"
                        + " the harvester alone hears it); talking piece\n"),
                text);
        assertTrue(text.contains("  parts:  author, skeptic (cast one by name: -p Name:part:agent)\n"), text);
        assertTrue(text.contains("direct — "), text);
        assertTrue(text.contains("broken: does not load: "), text);
        for (String shipped : RhythmLibrary.SHIPPED) {
            assertTrue(text.contains("\n" + shipped + " — ") || text.startsWith(shipped + " — "), shipped);
        }
    }
}
