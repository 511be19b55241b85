package dev.gather.process;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
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
}
