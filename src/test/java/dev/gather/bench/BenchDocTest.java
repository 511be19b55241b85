package dev.gather.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/performance.md's run is generated, says where it came from, and is reported when older than the code. */
class BenchDocTest {
    @TempDir
    Path dir;

    private static final BenchDoc.Run RUN = new BenchDoc.Run(
            "0123456789ab",
            Instant.parse("2026-11-25T16:40:00Z"),
            Instant.parse("2026-11-25T16:47:30Z"),
            "2 cores, CPU \"AMD EPYC\"",
            1.5,
            2.25,
            false);

    @Test
    void theBlockNamesCommitDateMachineLoadAndEveryRow() {
        String block = BenchDoc.block(
                RUN,
                List.of(
                        Metric.vs("relay p99, link of 8", "ms", 166, 7066, "p99 < 50 ms")
                                .headline(50),
                        Metric.of("context", "x", 1.3, "")));
        assertTrue(block.startsWith(BenchDoc.BEGIN) && block.endsWith(BenchDoc.END), block);
        assertTrue(block.contains("- Head: `0123456789ab`"), block);
        assertTrue(block.contains("- Date: 2026-11-25 16:40–16:47 UTC (7 min, `make bench`)"), block);
        assertTrue(block.contains("- Machine: 2 cores, CPU \"AMD EPYC\""), block);
        assertTrue(block.contains("load average 1.50 at the start, 2.25 at the end"), block);
        assertTrue(
                block.contains("| relay p99, link of 8 | 166 ms | 7066 ms | 42.6x | **p99 < 50 ms** MISSED |"), block);
        assertTrue(block.contains("| context | 1.30 x | - | - |  |"), block);
        assertTrue(block.contains("1 missed"), block);
    }

    @Test
    void writingReplacesOnlyTheGeneratedBlock() throws IOException {
        Path doc = dir.resolve("performance.md");
        Files.writeString(
                doc,
                "# Performance\n\nintro\n\n" + BenchDoc.BEGIN + "\nold run\n" + BenchDoc.END + "\n\n## Reading it\n");
        BenchDoc.write(doc, BenchDoc.block(RUN, List.of(Metric.of("lint per file", "ms", 0.5, ""))));
        String text = Files.readString(doc);
        assertTrue(text.startsWith("# Performance\n\nintro\n\n" + BenchDoc.BEGIN), text);
        assertTrue(text.endsWith(BenchDoc.END + "\n\n## Reading it\n"), text);
        assertTrue(text.contains("| lint per file | 0.50 ms |") && !text.contains("old run"), text);
    }

    @Test
    void aDocOlderThanTheCodeIsReportedAndACurrentOneIsNot() throws Exception {
        git("init", "-q");
        Files.createDirectories(dir.resolve("src/main/java"));
        Files.writeString(dir.resolve("src/main/java/A.java"), "class A {}\n");
        git("add", "-A");
        git("commit", "-q", "-m", "code");
        String measured = git("rev-parse", "--short=12", "HEAD");
        Path doc = Files.createDirectories(dir.resolve("docs")).resolve("performance.md");
        Files.writeString(doc, BenchDoc.block(RUN, List.of()).replace("0123456789ab", measured));
        git("add", "-A");
        git("commit", "-q", "-m", "the run's figures");
        assertEquals(Optional.empty(), BenchDoc.staleness(doc, dir), "a doc commit after the run is not code");

        Files.writeString(dir.resolve("src/main/java/A.java"), "class A { int slower; }\n");
        git("commit", "-q", "-am", "code again");
        String reminder = BenchDoc.staleness(doc, dir).orElseThrow();
        assertTrue(reminder.contains("from " + measured + ", and 1 commit since changed src/main/java"), reminder);
    }

    @Test
    void theShippedDocCarriesAGeneratedRun() throws IOException {
        String doc = Files.readString(BenchRunner.DOC);
        assertTrue(doc.contains(BenchDoc.BEGIN) && doc.contains(BenchDoc.END), "no generated block");
        assertTrue(BenchDoc.head(doc).isPresent(), "the run names no commit");
        for (String line : List.of("- Date: ", "- Machine: ", "- Load: ")) {
            assertTrue(doc.contains(line), "the run does not say " + line);
        }
    }

    private String git(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                "git", "-C", dir.toString(), "-c", "user.name=bench", "-c", "user.email=bench@example.invalid"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0, "git " + List.of(args) + ": " + out);
        return out;
    }
}
