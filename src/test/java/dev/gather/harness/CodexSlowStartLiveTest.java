package dev.gather.harness;

import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.gather.tmux.Pane;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real Codex CLI (pinned) waits for a {@code gather mcp} that is slow to start, because {@code gather
 * install codex} asks it to. Left to its own wait, Codex 0.169 gives up on a server that starts 30 s late (one
 * 15 s late it still waits for) and starts without gather's tools; a JVM on a loaded machine can take that
 * long. This one starts 30 s late; it fails when the installer writes no {@code startup_timeout_sec}.
 */
@Live
class CodexSlowStartLiveTest {
    private static final Duration SLOW = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @LiveTest
    void codexWaitsForAGatherMcpThatIsSlowToStart() throws Exception {
        try (LiveCodex live = new LiveCodex(dir, SLOW)) {
            Pane ada = live.spawn("ada");
            live.world.until(Duration.ofSeconds(120), () -> live.launcher.toolLists() >= 1, live::lastWords, ada);
            assertFalse(live.world.screen(ada).contains("timed out"), live.world.screen(ada));
        }
    }
}
