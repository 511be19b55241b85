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
    void aCallerInsideTmuxGetsItsOwnPanesServerUnlessGatherTmuxSocketNamesOne() {
        Map<String, String> inPane = Map.of("TMUX", "/tmp/tmux-1000/work,4242,3");
        assertEquals(
                Optional.of("/tmp/tmux-1000/work"), TmuxConfig.fromEnv(inPane).socket());
        assertEquals(
                List.of("tmux", "-S", "/tmp/tmux-1000/work", "ls"),
                TmuxConfig.fromEnv(inPane).argv(List.of("ls")));
        assertEquals(
                Optional.of("team"),
                TmuxConfig.fromEnv(Map.of("TMUX", "/tmp/tmux-1000/work,4242,3", "GATHER_TMUX_SOCKET", "team"))
                        .socket());
        assertEquals(
                Optional.of("/run/a,b/sock"),
                TmuxConfig.fromEnv(Map.of("TMUX", "/run/a,b/sock,1,0")).socket(),
                "a comma in the socket's path stays in it");
        assertEquals(Optional.empty(), TmuxConfig.fromEnv(Map.of("TMUX", "")).socket());
        assertEquals(
                Optional.empty(), TmuxConfig.fromEnv(Map.of("TMUX", "garbage")).socket());
        assertEquals(
                List.of("tmux", "-S", "/srv/tmux/shared", "ls"),
                TmuxConfig.fromEnv(Map.of("GATHER_TMUX_SOCKET", "/srv/tmux/shared"))
                        .argv(List.of("ls")),
                "GATHER_TMUX_SOCKET may name a socket by its path");
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
