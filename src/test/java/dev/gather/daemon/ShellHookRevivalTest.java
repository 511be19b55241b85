package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.client.DaemonPid;
import dev.gather.home.StateDir;
import dev.gather.testing.Beside;
import dev.gather.testing.Freezer;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/gather's JVM-free hook brings a daemon that ran and is gone back by itself (it is what a real
 * harness runs at every turn end) and waits until it took the turn; {@code gather hook -V} answers.
 * The launcher runs from an installation made of this build: a gather.jar whose manifest points at
 * the test class path.
 */
@Beside
class ShellHookRevivalTest {
    @TempDir
    Path home;

    @TempDir
    Path install;

    @RegisterExtension
    final DaemonProcesses daemons = new DaemonProcesses(() -> home);

    private Path launcher;

    @BeforeEach
    void installThisBuild() throws Exception {
        launcher = ThisBuild.install(install);
    }

    @Test
    void aTurnEndBringsBackADaemonThatWasKilledOrStopped() throws Exception {
        assertEquals(0, Cli.run(home, Optional.of(daemons.socket), "status").code());
        long first = living().orElseThrow();
        ProcessHandle daemon = ProcessHandle.of(first).orElseThrow();
        daemon.destroyForcibly();
        daemon.onExit().get(10, TimeUnit.SECONDS);

        long second = revivedAfter(first);
        Cli.Result stop = Cli.run(home, Optional.of(daemons.socket), "daemon", "--stop");
        assertTrue(stop.out().contains("stopped the daemon"), stop.out());
        revivedAfter(second);
        Cli.Result status = Cli.run(home, Optional.of(daemons.socket), "status");
        assertTrue(status.out().contains("daemon pid " + living().orElseThrow()), status.out());
    }

    /**
     * A daemon that dies while a turn end waits for it (a hook racing the daemon's SIGKILL: it looked,
     * saw it alive, and waited) is brought back by that hook, which looks again while it waits.
     */
    @Test
    void aDaemonKilledWhileATurnWaitsForItIsBroughtBackByThatTurn() throws Exception {
        assertEquals(0, Cli.run(home, Optional.of(daemons.socket), "status").code());
        long first = living().orElseThrow();
        // frozen, it is alive and takes no turn: the hook sees a daemon and waits for it
        Freezer.freeze(first);
        Process hook = startHook("sim");
        await().atMost(Duration.ofSeconds(30)).until(() -> waitingTurns() == 1);
        ProcessHandle daemon = ProcessHandle.of(first).orElseThrow();
        daemon.destroyForcibly();
        daemon.onExit().get(10, TimeUnit.SECONDS);

        assertTrue(hook.waitFor(60, TimeUnit.SECONDS), "the hook returned");
        String said = new String(hook.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, hook.exitValue(), said);
        assertEquals(0, waitingTurns(), "the daemon it brought back took the turn while it waited: " + said);
        await().atMost(Duration.ofSeconds(30)).until(() -> living().stream().anyMatch(p -> p != first));
    }

    private long waitingTurns() throws IOException {
        try (Stream<Path> waiting = Files.list(home.resolve("spool/in"))) {
            return waiting.count();
        }
    }

    @Test
    void aTurnEndWhereNoDaemonEverRanStartsNone() throws Exception {
        assertEquals(0, hook("sim").exitValue());
        await().during(Duration.ofSeconds(3))
                .atMost(Duration.ofSeconds(5))
                .until(() -> Files.notExists(home.resolve("daemon.lock")));
    }

    @Test
    void hookAnswersVersion() throws Exception {
        for (String flag : List.of("-V", "--version")) {
            Process p = hook(flag);
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, p.exitValue(), out);
            assertTrue(out.startsWith("gather "), out);
        }
    }

    /**
     * One turn end through the shell hook brings a new daemon back and is taken by it before the hook
     * returns (the hook holds its file until then: the daemon's proof of who wrote it).
     */
    private long revivedAfter(long gone) throws Exception {
        Process hook = hook("sim");
        assertEquals(0, hook.exitValue(), new String(hook.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        try (Stream<Path> waiting = Files.list(home.resolve("spool/in"))) {
            assertEquals(0, waiting.count(), "the revived daemon took the turn while the hook waited");
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> living().stream().anyMatch(p -> p != gone));
        long now = living().orElseThrow();
        await().atMost(Duration.ofSeconds(30))
                .until(() -> Cli.run(home, Optional.of(daemons.socket), "links").code() == 0);
        assertEquals(OptionalLong.of(now), living(), "the daemon that answers is the one the hook started");
        return now;
    }

    private Process hook(String... args) throws Exception {
        Process p = startHook(args);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the hook returned");
        return p;
    }

    private Process startHook(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(launcher.toString(), "hook"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("GATHER_HOME", home.toString());
        pb.environment().put("GATHER_TMUX_SOCKET", daemons.socket);
        pb.environment().remove("TMUX_PANE");
        Process p = pb.start();
        try (OutputStream in = p.getOutputStream()) {
            in.write("{}".getBytes(StandardCharsets.UTF_8));
        }
        return p;
    }

    private OptionalLong living() {
        return DaemonPid.living(new StateDir(home));
    }
}
