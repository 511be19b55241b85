package dev.gather.process;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ThreadsTest {
    /** A parallel stream run through {@code inParallel} uses the call's own named threads, never the common pool's. */
    @Test
    void aParallelStreamRunsOnTheCallsOwnThreads() {
        Set<String> used = ConcurrentHashMap.newKeySet();
        List<Integer> squares = Threads.inParallel("test-own", () -> IntStream.range(0, 200)
                .parallel()
                .map(i -> {
                    used.add(Thread.currentThread().getName());
                    return i * i;
                })
                .boxed()
                .toList());
        assertEquals(199 * 199, squares.get(199));
        assertTrue(used.stream().allMatch(n -> n.equals("test-own")), used.toString());
        await().atMost(Duration.ofSeconds(10)).until(() -> Thread.getAllStackTraces().keySet().stream()
                .noneMatch(t -> t.getName().equals("test-own")));
    }

    /** A bounded pool never holds more threads than its bound, however much work waits. */
    @Test
    void aBoundedPoolQueuesWorkBeyondItsBound() {
        ExecutorService pool = Threads.bounded("test-bounded", 2);
        try {
            for (int i = 0; i < 20; i++) {
                pool.execute(() -> {});
            }
            assertEquals(2, ((ThreadPoolExecutor) pool).getMaximumPoolSize());
            assertTrue(((ThreadPoolExecutor) pool).getLargestPoolSize() <= 2);
        } finally {
            pool.shutdown();
        }
    }

    /**
     * A caller that is itself a fork-join worker (the test engine's lanes are) waits for the work without
     * running its own pool's other tasks meanwhile. A join from such a thread helps the pool it belongs
     * to: in the suite, a gathering's start ran whole other test classes inside its pulse search, and its
     * own test stood for ten minutes.
     */
    @Test
    void aForkJoinCallerRunsNoneOfItsOwnPoolsTasksWhileItWaits() throws Exception {
        ForkJoinPool lanes = new ForkJoinPool(2);
        CountDownLatch stolen = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch otherRan = new CountDownLatch(1);
        AtomicBoolean waiting = new AtomicBoolean();
        AtomicBoolean ranInTheWait = new AtomicBoolean();
        try {
            ForkJoinTask<Integer> caller = lanes.submit(() -> {
                Thread self = Thread.currentThread();
                // taken by the other lane, which leaves a task of its own in its queue and then holds
                ForkJoinTask<?> other = ForkJoinTask.adapt(() -> {
                            stolen.countDown();
                            ForkJoinTask.adapt(() -> {
                                        ranInTheWait.set(waiting.get() && Thread.currentThread() == self);
                                        otherRan.countDown();
                                    })
                                    .fork();
                            awaitQuietly(release, 60);
                        })
                        .fork();
                awaitQuietly(stolen, 60);
                waiting.set(true);
                // a helping join runs the other lane's task at once; a plain wait never does, so the
                // work waits a little for what must not happen
                int got = Threads.inParallel("test-caller", () -> awaitQuietly(otherRan, 2) ? 1 : 0);
                waiting.set(false);
                release.countDown();
                other.join();
                return got;
            });
            caller.get(60, TimeUnit.SECONDS);
            assertFalse(ranInTheWait.get(), "the caller ran another task of its pool while it waited");
        } finally {
            release.countDown();
            lanes.shutdownNow();
        }
    }

    private static boolean awaitQuietly(CountDownLatch latch, long seconds) {
        try {
            return latch.await(seconds, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
