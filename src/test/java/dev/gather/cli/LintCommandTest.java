package dev.gather.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The broken-rhythm corpus through the real `gather lint` entry: exact messages, exit 1. */
class LintCommandTest {
    static final Path BROKEN = Path.of("src/test/resources/rhythms/broken");

    record Run(int code, String out, String err) {}

    static Run lint(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        picocli.CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        String[] all = Stream.concat(Stream.of("lint"), Stream.of(args)).toArray(String[]::new);
        int code = cli.execute(all);
        return new Run(code, out.toString(), err.toString());
    }

    static Stream<Path> corpus() throws IOException {
        return Files.list(BROKEN).filter(p -> p.toString().endsWith(".yaml")).sorted();
    }

    @Test
    void theCorpusHasAtLeastThirtyBrokenRhythms() throws IOException {
        assertTrue(corpus().count() >= 30);
    }

    @ParameterizedTest
    @MethodSource("corpus")
    void eachBrokenRhythmGivesItsExpectedMessagesAndExitOne(Path file) throws IOException {
        Path expectedFile = Path.of(file.toString().replaceFirst("\\.yaml$", ".expected"));
        List<String> expected = Files.readAllLines(expectedFile, StandardCharsets.UTF_8).stream()
                .map(l -> l.replace("{file}", file.toString()))
                .toList();
        Run run = lint(file.toString());
        assertEquals(1, run.code(), run.out());
        List<String> got = run.out().lines().filter(l -> !l.endsWith("invalid")).toList();
        assertEquals(expected, got);
        assertFalse(run.out().contains("Exception"), "no stack trace reaches the user");
        for (String line : got) {
            assertTrue(line.matches("\\Q" + file + "\\E:\\d+:\\d+: .+ \\[[a-z.-]+]"), line);
        }
    }

    @Test
    void shippedRhythmsAreValid() {
        Run run = lint("rhythms");
        assertEquals(0, run.code(), run.out());
        assertTrue(run.out().contains("13 files checked, 0 invalid"), run.out());
    }

    @Test
    void shippedProfilesAreValidAndABrokenOneIsReportedLikeARhythm(@TempDir Path dir) throws Exception {
        Run shipped = lint("profiles");
        assertEquals(0, shipped.code(), shipped.out());
        assertTrue(shipped.out().contains("6 files checked, 0 invalid"), shipped.out());
        Path bad = Files.createDirectories(dir.resolve("profiles")).resolve("codex.yaml");
        Files.writeString(
                bad,
                """
                profile: codex
                typing: {enter_gap: 200ms, command_leaders: "/"}
                ready: {quiet: 1s, timeout: 60s}
                turns: {signal: sometimes}
                """);
        Run run = lint(bad.toString());
        assertEquals(1, run.code(), run.out());
        assertTrue(run.out().contains(bad + ":2:"), run.out());
        assertTrue(run.out().contains("[profile.neutralizer]") || run.out().contains(bad + ":4:"), run.out());
        assertTrue(run.out().contains(bad + ":4:") && run.out().contains("[schema.enum]"), run.out());
    }

    @Test
    void aHugeFileIsRefusedWithoutReadingItAll(@TempDir Path dir) throws IOException {
        Path huge = dir.resolve("huge.yaml");
        Files.writeString(huge, "name: x\ndescription: \"" + "a".repeat(2_000_000) + "\"\n");
        Run run = lint(huge.toString());
        assertEquals(1, run.code());
        assertTrue(run.out().contains(huge + ":1:1: file is larger than 256 KiB"), run.out());
    }

    @Test
    void invalidUtf8IsAnErrorNotACrash(@TempDir Path dir) throws IOException {
        Path bad = dir.resolve("bad.yaml");
        Files.write(bad, new byte[] {'n', 'a', 'm', 'e', ':', ' ', (byte) 0xff, (byte) 0xfe, '\n'});
        Run run = lint(bad.toString());
        assertEquals(1, run.code());
        assertTrue(run.out().contains("not valid UTF-8"), run.out());
    }

    @Test
    void usageErrorsExitTwo() {
        assertEquals(2, lint("no/such/path.yaml").code());
        assertEquals(2, lint("--format", "xml", "rhythms").code());
    }

    @Test
    void jsonFormatIsMachineReadable() {
        Run run = lint("--format", "json", BROKEN.resolve("15-beats-zero.yaml").toString());
        assertEquals(1, run.code());
        assertTrue(run.out().contains("\"rule\":\"schema.minimum\""), run.out());
        assertTrue(run.out().contains("\"line\":10"), run.out());
    }
}
