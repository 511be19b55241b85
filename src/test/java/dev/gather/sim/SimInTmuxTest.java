package dev.gather.sim;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.turn.HookEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sim in a real pane of a private tmux server: pasted input in, quoted reply and a spooled turn end out. */
class SimInTmuxTest {
    private final String socket = "gather-test-" + UUID.randomUUID();

    @TempDir
    Path home;

    private String tmux(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("tmux", "-L", socket, "-f", "/dev/null"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(20, TimeUnit.SECONDS), "tmux hung: " + command);
        assertEquals(0, p.exitValue(), "tmux " + String.join(" ", args) + ": " + out);
        return out.strip();
    }

    @AfterEach
    void killServer() throws Exception {
        new ProcessBuilder("tmux", "-L", socket, "kill-server")
                .redirectErrorStream(true)
                .start()
                .waitFor(20, TimeUnit.SECONDS);
    }

    private List<HookEvent> spooled() throws Exception {
        Path in = home.resolve("spool/in");
        if (!Files.isDirectory(in)) {
            return List.of();
        }
        List<HookEvent> events = new ArrayList<>();
        try (Stream<Path> files = Files.list(in).sorted()) {
            for (Path f : files.toList()) {
                events.add(HookEvent.parse(Files.readAllBytes(f)));
            }
        }
        return events;
    }

    @Test
    void answersAPasteAndReportsTheTurnEnd() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        String pane = tmux(
                "new-session",
                "-d",
                "-x",
                "160",
                "-y",
                "40",
                "-e",
                "GATHER_HOME=" + home,
                "-P",
                "-F",
                "#{pane_id}",
                java,
                "-cp",
                System.getProperty("java.class.path"),
                "dev.gather.cli.Main",
                "sim",
                "--name",
                "Ada",
                "--next",
                "Bob",
                "--pass-after",
                "2",
                "--think-ms",
                "50");
        await().atMost(Duration.ofSeconds(20))
                .until(() -> tmux("capture-pane", "-p", "-t", pane).contains("Ada>"));

        tmux("set-buffer", "-b", "in", "[Bob] (2):\n\nhello\nworld");
        tmux("paste-buffer", "-p", "-d", "-b", "in", "-t", pane);
        tmux("send-keys", "-t", pane, "Enter");
        await().atMost(Duration.ofSeconds(20)).until(() -> spooled().size() == 1);
        tmux("send-keys", "-t", pane, "-l", "second");
        tmux("send-keys", "-t", pane, "Enter");
        await().atMost(Duration.ofSeconds(20)).until(() -> spooled().size() == 2);

        List<HookEvent> events = spooled();
        assertEquals("sim", events.get(0).harness());
        assertEquals(pane, events.get(0).pane());
        assertTrue(
                events.get(0).payload().contains("Ada heard \\\"[Bob] (2): hello world\\\" — reply #1"),
                events.get(0).payload());
        assertTrue(
                events.get(1).payload().contains("reply #2. I pass to Bob"),
                events.get(1).payload());
        await().atMost(Duration.ofSeconds(20))
                .until(() -> tmux("capture-pane", "-p", "-t", pane).contains("Ada heard \"second\" — reply #2"));
    }
}
