package dev.gather.turn;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JVM-free hook path in bin/gather writes exactly what the SpoolWatcher reads. */
class ShellHookTest {
    private static final Path LAUNCHER = Path.of("bin/gather").toAbsolutePath();

    @TempDir
    Path home;

    record Run(int exit, String stdout, String stderr) {}

    private Run hook(String stdin, String pane, String... args) throws Exception {
        return hook(Map.of(), stdin, pane, args);
    }

    private Run hook(Map<String, String> env, String stdin, String pane, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(LAUNCHER.toString(), "hook"));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().remove("CLAUDE_CODE_MESSAGING_SOCKET");
        pb.environment().remove("CLAUDE_CODE_MESSAGING_TOKEN");
        pb.environment().putAll(env);
        pb.environment().put("GATHER_HOME", home.toString());
        pb.environment().remove("TMUX_PANE");
        if (pane != null) {
            pb.environment().put("TMUX_PANE", pane);
        }
        Process p = pb.start();
        try (var in = p.getOutputStream()) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // a hook that rejects its arguments exits without reading stdin, as it may
        }
        assertTrue(p.waitFor(20, TimeUnit.SECONDS), "hook did not return");
        return new Run(
                p.exitValue(),
                new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    private List<HookEvent> spooled() throws Exception {
        List<HookEvent> events = new ArrayList<>();
        try (Stream<Path> files = Files.list(home.resolve("spool/in")).sorted()) {
            for (Path f : files.toList()) {
                events.add(HookEvent.parse(Files.readAllBytes(f)));
            }
        }
        return events;
    }

    @Test
    void claudeStdinIsSpooledWithPaneAndPrintsNothing() throws Exception {
        String payload = Samples.text("claude/stop.json");
        Run run = hook(payload, "%42", "claude");
        assertEquals(new Run(0, "", ""), run);
        HookEvent event = spooled().get(0);
        assertEquals("claude", event.harness());
        assertEquals("%42", event.pane());
        assertEquals(payload, event.payload());
        try (Stream<Path> tmp = Files.list(home.resolve("spool/tmp"))) {
            assertEquals(0, tmp.count(), "nothing left half-written");
        }
    }

    @Test
    void claudesMessagingSocketTravelsWithTheEventWhenItIsAnAncestorsOwn() throws Exception {
        // the test's JVM is an ancestor of the hook, as a Claude session is of its hooks
        Path own = Path.of("/tmp/cc-socks/" + ProcessHandle.current().pid() + ".sock");
        hook(
                Map.of(
                        "CLAUDE_CODE_MESSAGING_SOCKET",
                        own.toString(),
                        "CLAUDE_CODE_MESSAGING_TOKEN",
                        "0a1b2c3d4e5f6789"),
                Samples.text("claude/stop.json"),
                "%42",
                "claude");
        Path other = Path.of("/tmp/cc-socks/1.sock"); // init's: never a hook's parent Claude
        hook(
                Map.of(
                        "CLAUDE_CODE_MESSAGING_SOCKET",
                        other.toString(),
                        "CLAUDE_CODE_MESSAGING_TOKEN",
                        "0a1b2c3d4e5f6789"),
                Samples.text("claude/stop.json"),
                "%42",
                "claude");

        List<HookEvent> events = spooled();
        assertEquals(own, events.get(0).messaging().orElseThrow().socket());
        assertEquals("0a1b2c3d4e5f6789", events.get(0).messaging().orElseThrow().token());
        assertTrue(events.get(1).messaging().isEmpty(), "a socket of no ancestor is not learned");
        assertEquals(Samples.text("claude/stop.json"), events.get(0).payload());
    }

    @Test
    void codexArgumentIsSpooledAndGeminiGetsJsonOnStdout() throws Exception {
        String codex = Samples.text("codex/turn-complete.json");
        assertEquals(0, hook("", null, "codex", codex).exit());
        Run gemini = hook(Samples.text("gemini/after-agent.json"), "%1", "gemini");
        assertEquals("{}\n", gemini.stdout());
        List<HookEvent> events = spooled();
        assertEquals(2, events.size());
        HookEvent first = events.stream()
                .filter(e -> e.harness().equals("codex"))
                .findFirst()
                .orElseThrow();
        assertEquals("-", first.pane());
        assertEquals(codex, first.payload());
    }

    @Test
    void unknownHarnessFailsWithOneLineAndWritesNothing() throws Exception {
        Run run = hook("{}", "%1", "aider");
        assertEquals(1, run.exit());
        assertEquals(1, run.stderr().lines().count());
        assertTrue(run.stderr().contains("unknown harness 'aider'"));
        assertTrue(Files.notExists(home.resolve("spool/in")));
    }

    /**
     * Each program a hook starts costs its turn a fork and an exec (milliseconds apiece): a common turn,
     * its spool there and its daemon alive, starts date, the cat that reads stdin and mv, and sleeps
     * (its holder, its wait), whatever the number of its parents. Every program on PATH is replaced by
     * one that writes its name down before it runs the real one.
     */
    @Test
    void aCommonTurnStartsOnlyTheProgramsItNeeds() throws Exception {
        Path self = Path.of("/proc/self/comm");
        assertTrue(Files.readString(self).strip().equals("java"), "the lock must name a live java process");
        Path shims = Files.createDirectories(home.resolve("shims"));
        Path log = home.resolve("programs.log");
        Path logger = Files.writeString(
                home.resolve("logger"),
                "#!/bin/sh\nn=${0##*/}; echo \"$n\" >> \"$GATHER_TEST_PROGRAMS\"; IFS=:\n"
                        + "for d in $GATHER_TEST_PATH; do [ -x \"$d/$n\" ] && exec \"$d/$n\" \"$@\"; done; exit 127\n");
        assertTrue(logger.toFile().setExecutable(true));
        String path = System.getenv("PATH");
        for (String dir : path.split(":")) {
            if (dir.isEmpty() || !Files.isDirectory(Path.of(dir))) {
                continue;
            }
            try (Stream<Path> programs = Files.list(Path.of(dir))) {
                for (Path program : programs.filter(Files::isExecutable).toList()) {
                    Path shim = shims.resolve(program.getFileName().toString());
                    if (Files.notExists(shim, LinkOption.NOFOLLOW_LINKS)) {
                        Files.createSymbolicLink(shim, logger);
                    }
                }
            }
        }
        Files.createDirectories(home.resolve("spool/in"));
        Files.createDirectories(home.resolve("spool/tmp"));
        Files.writeString(home.resolve("daemon.lock"), ProcessHandle.current().pid() + "\n");
        List<TurnOutput> seen = new CopyOnWriteArrayList<>();
        SpoolWatcher w =
                SpoolWatcher.start(new Spool(home.resolve("spool")), HookParsers.withClaudeRoots(List.of()), seen::add);
        try {
            Run run = hook(
                    Map.of("PATH", shims.toString(), "GATHER_TEST_PATH", path, "GATHER_TEST_PROGRAMS", log.toString()),
                    Samples.text("sim/reply.json"),
                    "%5",
                    "sim");
            assertEquals(new Run(0, "", ""), run);
            await().atMost(Duration.ofSeconds(20)).until(() -> seen.size() == 1);
        } finally {
            w.close();
        }
        List<String> started = Files.readAllLines(log).stream()
                .filter(program -> !program.equals("sleep"))
                .toList();
        // sh: the launcher's #!/usr/bin/env sh
        assertEquals(List.of("sh", "date", "cat", "mv"), started);
    }

    @Test
    void theWatcherReceivesWhatTheShellHookWrote() throws Exception {
        List<TurnOutput> seen = new CopyOnWriteArrayList<>();
        Spool spool = new Spool(home.resolve("spool"));
        SpoolWatcher w = SpoolWatcher.start(spool, HookParsers.withClaudeRoots(List.of()), seen::add);
        try {
            hook(Samples.text("sim/reply.json"), "%5", "sim");
            await().atMost(Duration.ofSeconds(20)).until(() -> seen.size() == 1);
        } finally {
            w.close();
        }
        assertEquals("%5", seen.get(0).pane());
        assertEquals("Ada heard \"hello\" — reply #1", seen.get(0).text());
    }
}
