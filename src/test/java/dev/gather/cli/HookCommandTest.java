package dev.gather.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.testing.Slow;
import dev.gather.turn.HookEvent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JVM fallback of the hook ({@code java -jar gather.jar hook …}) writes what the shell hook writes. */
@Slow
class HookCommandTest {
    @TempDir
    Path home;

    private String run(String stdin, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp",
                System.getProperty("java.class.path"),
                "dev.gather.cli.Main",
                "hook"));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("GATHER_HOME", home.toString());
        pb.environment().put("TMUX_PANE", "%9");
        Process p = pb.start();
        try (var in = p.getOutputStream()) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue());
        return out;
    }

    private HookEvent only() throws Exception {
        try (Stream<Path> files = Files.list(home.resolve("spool/in"))) {
            List<Path> all = files.toList();
            assertEquals(1, all.size());
            return HookEvent.parse(Files.readAllBytes(all.get(0)));
        }
    }

    @Test
    void geminiStdinIsSpooledAndAnsweredWithJson() throws Exception {
        String payload = "{\"hook_event_name\":\"AfterAgent\",\"prompt_response\":\"done\"}";
        assertEquals("{}\n", run(payload, "gemini"));
        HookEvent event = only();
        assertEquals("gemini", event.harness());
        assertEquals("%9", event.pane());
        assertEquals(payload, event.payload());
    }

    @Test
    void codexLastArgumentIsSpooled() throws Exception {
        String payload = "{\"type\":\"agent-turn-complete\",\"last-assistant-message\":\"ok\"}";
        assertEquals("", run("", "codex", payload));
        assertEquals(payload, only().payload());
    }
}
