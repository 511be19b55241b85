package dev.gather.tmux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TmuxesTest {
    @Test
    void theSocketComesFromTheEnvironmentAndDefaultsToTheUsersServer() {
        assertEquals(
                Optional.of("team"),
                TmuxConfig.fromEnv(Map.of("GATHER_TMUX_SOCKET", "team")).socket());
        assertEquals(Optional.empty(), TmuxConfig.fromEnv(Map.of()).socket());
        assertEquals(
                Optional.empty(),
                TmuxConfig.fromEnv(Map.of("GATHER_TMUX_SOCKET", " ")).socket());
        assertEquals(
                List.of("tmux", "-L", "team", "ls"), TmuxConfig.socket("team").argv(List.of("ls")));
        assertEquals(List.of("tmux", "ls"), TmuxConfig.fromEnv(Map.of()).argv(List.of("ls")));
    }

    @Test
    void controlModeIsChosenWhenItConnects() {
        PrivateServer server = new PrivateServer();
        try (Tmux tmux = Tmuxes.connect(server.config)) {
            assertInstanceOf(ControlModeTmux.class, tmux);
        } finally {
            server.kill();
        }
    }

    @Test
    void execIsTheFallbackWhenControlModeCannotStart() {
        TmuxConfig broken = new TmuxConfig("/nonexistent/tmux", Optional.of("gather-test-none"));
        try (Tmux tmux = Tmuxes.connect(broken)) {
            assertInstanceOf(ExecTmux.class, tmux);
        }
    }
}
