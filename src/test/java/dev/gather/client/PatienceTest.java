package dev.gather.client;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.home.StateDir;
import dev.gather.testing.Freezer;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The probe that tells a frozen daemon from a slow one, against a stand-in daemon socket that
 * answers {@code hello} only when the test lets it: a stopped process is given up on after one
 * probe, a running one that answers late is waited for, a running one that never answers is stuck.
 */
class PatienceTest {
    private static final Duration PROBE = Duration.ofMillis(100);

    @TempDir
    Path home;

    private final ExecutorService threads = Executors.newFixedThreadPool(2, r -> new Thread(r, "patience-test"));
    private final CountDownLatch answer = new CountDownLatch(1);
    private Process standIn;

    @AfterEach
    void end() throws InterruptedException {
        answer.countDown();
        threads.shutdownNow();
        assertTrue(threads.awaitTermination(10, TimeUnit.SECONDS));
        if (standIn != null) {
            standIn.destroyForcibly();
            standIn.waitFor();
        }
    }

    @Test
    void aRunningDaemonThatAnswersLateIsWaitedForPastTheProbe() throws Exception {
        StateDir state = daemonAnsweringWhenLet(ProcessHandle.current().pid());
        CompletableFuture<Boolean> answers =
                CompletableFuture.supplyAsync(() -> Patience.answers(state, PROBE, Duration.ofMinutes(5)), threads);
        // ten probes' length and still waiting: a loaded machine's daemon is not taken for a frozen one
        await().during(PROBE.multipliedBy(10)).atMost(Duration.ofSeconds(30)).until(() -> !answers.isDone());
        answer.countDown();
        assertTrue(answers.get(30, TimeUnit.SECONDS), "it answered");
    }

    @Test
    void aStoppedDaemonIsGivenUpOnAfterOneProbe() throws Exception {
        standIn = new ProcessBuilder("sleep", "600").start();
        Freezer.freeze(standIn.pid());
        StateDir state = daemonAnsweringWhenLet(standIn.pid());
        CompletableFuture<Boolean> answers =
                CompletableFuture.supplyAsync(() -> Patience.answers(state, PROBE, Duration.ofMinutes(10)), threads);
        assertFalse(answers.get(60, TimeUnit.SECONDS), "a stopped daemon does not answer");
    }

    @Test
    void aRunningDaemonSilentPastItsBoundIsStuck() throws Exception {
        StateDir state = daemonAnsweringWhenLet(ProcessHandle.current().pid());
        assertFalse(Patience.answers(state, PROBE, PROBE.multipliedBy(5)), "a daemon that never answers is stuck");
    }

    @Test
    void aProbeWhoseWaitEndedStopsAtOnceInsteadOfSpinning() throws Exception {
        StateDir state = daemonAnsweringWhenLet(ProcessHandle.current().pid());
        CompletableFuture<Boolean> answers = new CompletableFuture<>();
        Thread probe = new Thread(
                () -> answers.complete(Patience.answers(state, PROBE, Duration.ofMinutes(10))), "patience-probe");
        probe.start();
        await().during(PROBE.multipliedBy(3)).atMost(Duration.ofSeconds(30)).until(() -> !answers.isDone());
        // as Patience's watcher is when the read it watched ends: an interrupted select returns at once
        probe.interrupt();
        assertTrue(answers.get(30, TimeUnit.SECONDS), "no verdict once nobody waits: not taken for frozen");
    }

    @Test
    void noDaemonToReachIsNotAFrozenOne() {
        assertTrue(Patience.answers(new StateDir(home), PROBE, PROBE), "gone, not frozen");
    }

    /** A daemon socket in a state directory whose lock names {@code pid}, answering its first request once let. */
    private StateDir daemonAnsweringWhenLet(long pid) throws IOException {
        StateDir state = new StateDir(home);
        Files.writeString(state.lock(), pid + "\n");
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(state.socket()));
        threads.execute(() -> {
            try (server;
                    SocketChannel client = server.accept()) {
                client.read(ByteBuffer.allocate(256));
                answer.await();
                client.write(ByteBuffer.wrap("{\"ok\":true}\n".getBytes(StandardCharsets.UTF_8)));
            } catch (IOException e) {
                // the test ended first
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        return state;
    }
}
