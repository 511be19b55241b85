package dev.gather.client;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.home.StateDir;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A daemon that is gone is brought back once, not once a caller: while the one spawned is still
 * coming up (a JVM takes seconds on a loaded machine), sims reviving each second, hooks and clients
 * wait for it. Each stand-in here is a process that lives as a starting daemon would and never
 * answers, so what is counted is how many were spawned.
 */
class DaemonComingUpTest {
    private static final Duration PATIENT = Duration.ofSeconds(60);

    @TempDir
    Path home;

    private final List<Process> spawned = new CopyOnWriteArrayList<>();

    @AfterEach
    void endStandIns() throws InterruptedException {
        for (Process p : spawned) {
            p.destroyForcibly();
            assertTrue(p.waitFor(PATIENT.toSeconds(), TimeUnit.SECONDS));
        }
    }

    private Process standIn(StateDir state) throws IOException {
        Process p = new ProcessBuilder("sleep", "600").start();
        spawned.add(p);
        return p;
    }

    /** A state directory whose daemon ran and is gone: its lock names a process that ended. */
    private StateDir goneDaemon() throws Exception {
        StateDir state = new StateDir(home.resolve("state"));
        state.create();
        Process ended = new ProcessBuilder("true").start();
        assertTrue(ended.waitFor(PATIENT.toSeconds(), TimeUnit.SECONDS));
        Files.writeString(state.lock(), ended.pid() + "\n");
        assertTrue(DaemonPid.gone(state));
        return state;
    }

    @Test
    void revivalsWhileOneComesUpSpawnNoOther() throws Exception {
        StateDir state = goneDaemon();
        // five sims' watches at the same moment
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> sims = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Thread t = new Thread(
                    () -> {
                        try {
                            go.await();
                            DaemonStarter.revive(state, this::standIn);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    },
                    "sim-" + i);
            t.start();
            sims.add(t);
        }
        go.countDown();
        for (Thread t : sims) {
            t.join(PATIENT.toMillis());
        }
        // and again, each second, while the one spawned has not taken the daemon lock yet
        for (int i = 0; i < 5; i++) {
            assertFalse(DaemonStarter.revive(state, this::standIn), "the one coming up is awaited");
        }
        assertEquals(1, spawned.size(), "one daemon spawned");
    }

    @Test
    void oneThatEndedComingUpIsReplaced() throws Exception {
        StateDir state = goneDaemon();
        assertTrue(DaemonStarter.revive(state, this::standIn));
        spawned.get(0).destroyForcibly().waitFor(PATIENT.toSeconds(), TimeUnit.SECONDS);
        assertTrue(DaemonStarter.revive(state, this::standIn), "it lost the lock or failed: another is spawned");
        assertEquals(2, spawned.size());
    }

    @Test
    void aClientThatFindsOneComingUpWaitsForItInsteadOfStartingAnother() throws Exception {
        StateDir state = goneDaemon();
        assertTrue(DaemonStarter.revive(state, this::standIn));
        AtomicBoolean answers = new AtomicBoolean();
        List<Throwable> failed = new CopyOnWriteArrayList<>();
        Thread client = new Thread(
                () -> {
                    try {
                        DaemonStarter.start(state, answers::get, this::standIn);
                    } catch (IOException | RuntimeException e) {
                        failed.add(e);
                    }
                },
                "client");
        client.start();
        await().atMost(PATIENT).until(() -> client.getState() == Thread.State.TIMED_WAITING);
        answers.set(true); // the revived daemon answers
        client.join(PATIENT.toMillis());
        assertFalse(client.isAlive());
        assertEquals(List.of(), failed);
        assertEquals(1, spawned.size(), "the client started none of its own");
    }
}
