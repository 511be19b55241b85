package dev.gather.testing;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * A blocking call a test waits for with a deadline (a read that may never answer, a write into a
 * process that may stop reading), on a daemon thread of its own. Never the common pool: on two cores
 * it has one thread, so one test's read that never returned held up every other test's in the JVM
 * (SocketAbuseTest timed out waiting for a line the server had long written).
 */
public final class OwnThread {
    private OwnThread() {}

    /** {@code call} on its own thread named {@code test-<name>}; its result, or what it threw. */
    public static <T> CompletableFuture<T> supply(String name, Supplier<T> call) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread t = new Thread(
                () -> {
                    try {
                        result.complete(call.get());
                    } catch (Throwable e) {
                        result.completeExceptionally(e);
                    }
                },
                "test-" + name);
        t.setDaemon(true);
        t.start();
        return result;
    }

    /** {@code work} on its own thread named {@code test-<name>}. */
    public static CompletableFuture<Void> run(String name, Runnable work) {
        return supply(name, () -> {
            work.run();
            return null;
        });
    }
}
