package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.client.DaemonClient;
import dev.gather.client.DaemonPid;
import dev.gather.home.StateDir;
import dev.gather.journal.Transcript;
import dev.gather.testing.Beside;
import dev.gather.turn.Spool;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.StreamSupport;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** A daemon killed with SIGKILL while messages wait in a busy member's queue: the next one delivers them, once. */
@Beside
class DaemonRestartDeliveryTest {
    @TempDir
    Path home;

    @RegisterExtension
    final DaemonProcesses daemons = new DaemonProcesses(() -> home);

    @Test
    void messagesQueuedWhenTheDaemonIsKilledAreDeliveredAfterTheRestartExactlyOnce() throws Exception {
        Path log = home.resolve("bo.log");
        String sim = String.join(
                " ",
                ThisBuild.simCommand("--name", "Bo", "--think-ms", "50", "--busy-ms", "8000", "--log", log.toString()));
        assertEquals(0, run("status").code(), "a daemon is running");
        Path spool = new Spool(new StateDir(home).spool()).incoming();
        await().atMost(Duration.ofSeconds(10)).until(() -> Files.isDirectory(spool));
        try (WatchService hooks = spool.getFileSystem().newWatchService()) {
            spool.register(hooks, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_DELETE);
            tmux("new-session", "-d", "-s", "Bo", "-x", "160", "-y", "40", "-e", "GATHER_HOME=" + home, sim);
            // its session-start hook has told the daemon a sim runs there (the sim draws its ready line
            // before it drops that event: an empty spool after the line said nothing)
            awaitTaken(hooks);
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> screen("Bo").contains("Bo is ready."));

        List<String> sent = new ArrayList<>();
        // through the socket, as the CLI does, without a JVM start each: all three well within Bo's busy spell
        DaemonClient client = new DaemonClient(new StateDir(home), Optional.empty());
        for (String m : List.of("taken before the kill", "queued one", "queued two")) {
            JsonNode r = client.call(
                    client.request("send").put("to", "Bo").put("as", "Tester").put("message", m));
            assertTrue(r.path("ok").asBoolean(), r.toString());
            sent.add("[Tester] (1):\n\n" + m);
        }
        Path journal = home.resolve("journal").resolve("oneshot.jsonl");
        await().atMost(Duration.ofSeconds(20)).until(() -> states(journal).contains("delivered"));
        // from here to the kill nothing starts a JVM: on a loaded machine two command starts outlasted
        // Bo's busy spell, and the second message was typed before the kill
        assertEquals(2, (int) pending(client), "two messages wait while Bo is busy");
        long pid = DaemonPid.living(new StateDir(home)).orElseThrow();
        ProcessHandle.of(pid).orElseThrow().destroyForcibly();
        await().atMost(Duration.ofSeconds(10))
                .until(() -> ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true));
        assertEquals(
                List.of(sent.get(0)),
                SimLog.inputs(log),
                () -> "only the first was typed before the kill; journal:\n" + read(journal) + "\nscreen:\n"
                        + screenOf("Bo"));
        assertEquals(
                1,
                Transcript.read(journal).stream()
                        .filter(e -> e.path("state").asText().equals("typing"))
                        .map(e -> e.path("ref").asLong())
                        .distinct()
                        .count(),
                "the others were queued");

        assertNotEquals(pid, Cli.daemonPid(home, Optional.of(daemons.socket)), "a new daemon started");
        try {
            await().atMost(Duration.ofSeconds(40))
                    .until(() -> SimLog.inputs(log).size() >= 3);
        } catch (ConditionTimeoutException e) {
            // it once ran out in CI and said nothing more: what Bo took, the journal, his screen and the log
            throw new AssertionError(
                    "Bo took " + SimLog.inputs(log) + " after the restart; journal:\n" + read(journal) + "\nscreen:\n"
                            + screenOf("Bo") + "\ndaemon.log:\n" + read(new StateDir(home).log()),
                    e);
        }
        await().during(Duration.ofSeconds(2))
                .atMost(Duration.ofSeconds(5))
                .until(() -> SimLog.inputs(log).size() == 3);
        assertEquals(sent, SimLog.inputs(log), "each message exactly once, in order");
        await().atMost(Duration.ofSeconds(20))
                .until(() -> states(journal).stream()
                                .filter(s -> s.equals("confirmed"))
                                .count()
                        >= 2);
    }

    /** How many messages the running daemon has queued, from its status as {@code gather status} asks it. */
    private static long pending(DaemonClient client) throws Exception {
        return client.call(client.request("status")).findValues("pending").stream()
                .flatMap(a -> StreamSupport.stream(a.spliterator(), false))
                .filter(p -> p.path("state").asText().equals("queued"))
                .count();
    }

    /** Waits until an event dropped into the spool {@code hooks} watches is taken (handled, then removed) by the daemon. */
    private static void awaitTaken(WatchService hooks) throws InterruptedException {
        Set<Path> dropped = new HashSet<>();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            WatchKey key = hooks.poll(Math.max(1, end - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (key == null) {
                throw new AssertionError("no hook event was taken from the spool within 30 s");
            }
            for (WatchEvent<?> e : key.pollEvents()) {
                if (e.kind() == StandardWatchEventKinds.ENTRY_CREATE) {
                    dropped.add((Path) e.context());
                } else if (e.kind() == StandardWatchEventKinds.ENTRY_DELETE && dropped.contains((Path) e.context())) {
                    return;
                }
            }
            key.reset();
        }
    }

    private static List<String> states(Path journal) {
        if (!Files.exists(journal)) {
            return List.of();
        }
        return Transcript.read(journal).stream()
                .filter(e -> e.path("kind").asText().equals("delivery"))
                .map(e -> e.path("state").asText())
                .toList();
    }

    private Cli.Result run(String... args) throws Exception {
        return Cli.run(home, Optional.of(daemons.socket), args);
    }

    private static String read(Path f) {
        try {
            return Files.readString(f);
        } catch (IOException e) {
            return e.toString();
        }
    }

    private String screenOf(String session) {
        try {
            return screen(session);
        } catch (Exception e) {
            return e.toString();
        }
    }

    private String screen(String session) throws Exception {
        Process p = new ProcessBuilder("tmux", "-L", daemons.socket, "capture-pane", "-p", "-t", session)
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(10, TimeUnit.SECONDS);
        return out;
    }

    private void tmux(String... args) {
        World.tmux(daemons.socket, args);
    }
}
