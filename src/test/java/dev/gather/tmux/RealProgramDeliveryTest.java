package dev.gather.tmux;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.profile.Profiles;
import dev.gather.turn.Typed;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Delivery into real programs on a private tmux server: a line reader and a bracketed-paste TUI. */
abstract class RealProgramDeliveryTest {
    static final Duration WAIT = Duration.ofSeconds(30);
    private static final HarnessQuirks CLAUDE =
            Profiles.shipped().forKind("claude").quirks();

    @TempDir
    Path dir;

    final PrivateServer server = new PrivateServer();
    Tmux tmux;
    private int sessions;

    abstract Tmux open(TmuxConfig config);

    @BeforeEach
    void start() {
        tmux = open(server.config);
    }

    @AfterEach
    void stop() {
        server.kill(tmux);
    }

    @Test
    void multiLineTextArrivesAsOnePasteThenOneEnter() throws Exception {
        Path out = dir.resolve("tui.log");
        Pane p = run("PasteRecorder", out);
        String text = "[Ana] (1):\n\nfirst line\n\tsecond line ✓";
        try (Deliverer d = new Deliverer(tmux, HarnessQuirks.GENERIC)) {
            assertInstanceOf(DeliveryResult.Delivered.class, d.deliver(p.id(), text));
        }
        await().atMost(WAIT).until(() -> records(out).contains("ENTER"));
        assertEquals(List.of("READY", "PASTE " + b64(text.replace('\n', '\r')), "ENTER"), records(out));
    }

    @Test
    void hostileTextArrivesInertAndComplete() throws Exception {
        Path out = dir.resolve("tui.log");
        Pane p = run("PasteRecorder", out);
        byte[] invalidUtf8 = {'b', 'a', 'd', (byte) 0xff, (byte) 0xc3, '(', 'x'};
        String hostile = "!rm -rf ~\n/quit\n\u001b[201~\u001b[31mred\u001b[0m\u001b]0;pwned\u0007 \u009b2J\u0003\u0004 "
                + Sanitizer.sanitize(invalidUtf8) + " \u001bPdcs\u001b\\end";
        String expected = CLAUDE.neutralize(Sanitizer.sanitize(hostile));
        assertTrue(expected.startsWith(" !rm -rf ~\n/quit\nred  "), expected);
        // Claude's command leaders, but no input box to read: PasteRecorder draws none
        HarnessQuirks leaders =
                new HarnessQuirks("claude-leaders", CLAUDE.enterGap(), CLAUDE.commandLeaders(), CLAUDE.neutralizer());
        try (Deliverer d = new Deliverer(tmux, leaders)) {
            assertInstanceOf(DeliveryResult.Delivered.class, d.deliver(p.id(), hostile));
        }
        await().atMost(WAIT).until(() -> records(out).contains("ENTER"));
        assertEquals(List.of("READY", "PASTE " + b64(expected.replace('\n', '\r')), "ENTER"), records(out));
        assertTrue(expected.contains("bad\uFFFD\uFFFD(x") && expected.endsWith(" end"), expected);
    }

    @Test
    void hundredKilobytesArriveCutToTheOneTypingLimit() throws Exception {
        Path out = dir.resolve("tui.log");
        Pane p = run("PasteRecorder", out);
        StringBuilder big = new StringBuilder();
        for (int i = 0; big.length() < 100_000; i++) {
            big.append("line ").append(i).append(": the quick brown fox jumps over the lazy dog ✓\n");
        }
        String text = big.toString().strip();
        try (Deliverer d = new Deliverer(tmux, HarnessQuirks.GENERIC)) {
            assertInstanceOf(DeliveryResult.Delivered.class, d.deliver(p.id(), text));
        }
        await().atMost(WAIT).until(() -> records(out).contains("ENTER"));
        // one limit for whatever is typed into a pane: the paste is the capped text, whole, with its mark
        String typed = Typed.capTyped(text);
        assertTrue(typed.endsWith("\n" + Typed.TRUNCATED) && typed.length() < text.length());
        assertEquals(List.of("READY", "PASTE " + b64(typed.replace('\n', '\r')), "ENTER"), records(out));
    }

    @Test
    void aLineReaderGetsEveryLineInOrder() throws Exception {
        Path out = dir.resolve("lines.log");
        Pane p = run("LineEcho", out);
        try (Deliverer d = new Deliverer(tmux, HarnessQuirks.GENERIC)) {
            assertInstanceOf(DeliveryResult.Delivered.class, d.deliver(p.id(), "alpha\nbeta ✓\n/quit\n!rm -rf ~"));
        }
        List<String> want = List.of("alpha", "beta ✓", "/quit", "!rm -rf ~");
        await().atMost(WAIT).until(() -> records(out).size() == 1 + want.size());
        assertEquals(
                want.stream().map(l -> "LINE " + b64(l)).toList(), records(out).subList(1, 5));
    }

    @Test
    void deliveryReachesAPaneTheUserHasInCopyMode() throws Exception {
        Path out = dir.resolve("lines.log");
        Pane p = run("LineEcho", out);
        ExecTmux exec = new ExecTmux(server.config);
        exec.run(List.of("copy-mode", "-t", p.id()));
        try (Deliverer d = new Deliverer(tmux, HarnessQuirks.GENERIC)) {
            assertInstanceOf(DeliveryResult.Delivered.class, d.deliver(p.id(), "while scrolling"));
        }
        await().atMost(WAIT).until(() -> records(out).contains("LINE " + b64("while scrolling")));
        // the user's scrolling is left alone
        assertEquals(List.of("1"), exec.run(List.of("display-message", "-p", "-t", p.id(), "#{pane_in_mode}")));
    }

    @Test
    void aPaneThatDiesMidDeliveryIsPaneGone() {
        // the program ends on the first pasted byte, so the pane closes between paste and Enter
        Pane p = tmux.spawn(new SpawnSpec(
                "dies",
                List.of("sh", "-c", "stty raw -echo; printf ready; head -c 1 >/dev/null"),
                Map.of(),
                dir,
                80,
                24));
        await().atMost(WAIT).until(() -> tmux.capture(p.id(), 0).contains("ready"));
        // nothing is echoed: the echo's wait outlasts head, sh and tmux taking the pane down on a loaded machine
        var timing = new Deliverer.Timing(Duration.ofSeconds(5), Duration.ofMillis(300), 3);
        try (Deliverer d = new Deliverer(tmux, HarnessQuirks.GENERIC, timing)) {
            assertEquals(new DeliveryResult.PaneGone(p.id()), d.deliver(p.id(), "hello"));
        }
        assertFalse(tmux.alive(p.id()));
    }

    @Test
    void spawnPassesEnvironmentWorkdirAndArgumentsVerbatim() throws IOException {
        Path out = dir.resolve("spawn.txt");
        String arg = "a \"b\" $c ~d;e 'f' #{pane_id}";
        tmux.spawn(new SpawnSpec(
                "env",
                List.of(
                        "sh",
                        "-c",
                        "printf '%s|%s|%s' \"$GATHER_X\" \"$(pwd)\" \"$1\" > \"$2\"; exec cat",
                        "sh",
                        arg,
                        out.toString()),
                Map.of("GATHER_X", "x y $z"),
                dir,
                80,
                24));
        await().atMost(WAIT)
                .until(() -> Files.exists(out) && Files.readString(out).contains("|"));
        assertEquals("x y $z|" + dir.toRealPath() + "|" + arg, Files.readString(out));
    }

    private Pane run(String program, Path out) throws URISyntaxException {
        String java = ProcessHandle.current().info().command().orElse(System.getProperty("java.home") + "/bin/java");
        String cp = Path.of(LineEcho.class
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .toURI())
                .toString();
        String script =
                (program.equals("PasteRecorder") ? "stty raw -echo; " : "") + "exec \"$0\" -cp \"$1\" \"$2\" \"$3\"";
        Pane p = tmux.spawn(new SpawnSpec(
                "p" + sessions++,
                List.of("sh", "-c", script, java, cp, "dev.gather.tmux." + program, out.toString()),
                Map.of(),
                dir,
                120,
                40));
        await().atMost(WAIT).until(() -> records(out).contains("READY"));
        return p;
    }

    static List<String> records(Path out) throws IOException {
        return Files.exists(out) ? Files.readAllLines(out, StandardCharsets.UTF_8) : List.of();
    }

    static String b64(String s) {
        return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }
}
