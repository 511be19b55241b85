package dev.gather.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.home.StateDir;
import dev.gather.mcp.RawMcp;
import dev.gather.testing.Slow;
import dev.gather.tmux.PrivateServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded fuzzing of every way in: JSON-RPC lines into a real {@code gather mcp}, request lines on a
 * real daemon's socket, and mutated rhythm and profile YAML through the lint loaders (and one real
 * {@code gather lint} over them all). Counts are printed; any hang, stack trace or death fails it
 * with the cases that caused them. {@code -Dgather.fuzz.seed=N} replays another seed.
 */
@Slow
class FuzzTest {
    private static final long SEED = Long.getLong("gather.fuzz.seed", 20261123L);

    @TempDir
    Path home;

    private final PrivateServer server = new PrivateServer();
    private final String tmux = server.socket();

    @AfterEach
    void stopDaemon() throws Exception {
        gather("daemon", "--stop").waitFor(60, TimeUnit.SECONDS);
        server.kill();
    }

    @Test
    void noInputHangsLeaksAStackTraceOrKillsTheDaemon() throws Exception {
        System.out.println("fuzz: seed " + SEED + " (-Dgather.fuzz.seed=" + SEED + " to replay)");
        Mutator m = new Mutator(new Random(SEED));
        Process status = gather("status");
        String started = new String(status.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(status.waitFor(60, TimeUnit.SECONDS) && status.exitValue() == 0, started);

        Tally all = new Tally();
        Tally mcp;
        try (RawMcp server = new RawMcp(home, state(), tmux)) {
            server.initialize();
            mcp = McpFuzz.run(server, m, 130);
        }
        Tally socket = SocketFuzz.run(new StateDir(state()).socket(), m, 130);
        Tally yaml = YamlFuzz.run(Path.of("").toAbsolutePath(), home.resolve("yaml"), m, 90);
        all.add(mcp);
        all.add(socket);
        all.add(yaml);

        Process lint = gather("lint", home.resolve("yaml").toString());
        String linted = new String(lint.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!lint.waitFor(120, TimeUnit.SECONDS)) {
            lint.destroyForcibly();
            all.hangs.add("gather lint over the fuzzed files");
        } else if (Tally.leaks(linted)) {
            all.traces.add("gather lint printed: " + Tally.shown(linted));
        }

        System.out.printf(
                "fuzz: %d cases (mcp %d, socket %d, yaml %d), %d hangs, %d stack traces, %d deaths%n",
                all.cases, mcp.cases, socket.cases, yaml.cases, all.hangs.size(), all.traces.size(), all.deaths.size());
        List<String> found = new ArrayList<>();
        all.hangs.forEach(h -> found.add("hang: " + h));
        all.traces.forEach(h -> found.add("trace: " + h));
        all.deaths.forEach(h -> found.add("death: " + h));
        found.forEach(System.out::println);
        assertTrue(all.cases >= 300, "at least 300 cases");
        assertEquals(List.of(), found, "seed " + SEED);
    }

    private Path state() {
        return home.resolve("state");
    }

    private Process gather(String... args) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(RawMcp.command(args)).redirectErrorStream(true);
        pb.environment().put("GATHER_HOME", state().toString());
        pb.environment().put("GATHER_TMUX_SOCKET", tmux);
        pb.environment().remove("TMUX_PANE");
        pb.environment().remove("TMUX");
        Process p = pb.start();
        p.getOutputStream().close();
        return p;
    }
}
