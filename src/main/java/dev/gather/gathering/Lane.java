package dev.gather.gathering;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one gathering's events one at a time, in order. A task submitted while another runs (an
 * action that leads to another event) waits its turn instead of re-entering the machine. With a
 * direct executor everything runs on the caller's thread, which is what virtual-time tests use.
 */
final class Lane {
    private static final Logger LOG = LoggerFactory.getLogger(Lane.class);

    private final Executor executor;
    private final Queue<Runnable> queue = new ArrayDeque<>();
    private boolean draining;

    Lane(Executor executor) {
        this.executor = executor;
    }

    /** Runs {@code task} in turn; the future says how it ended. */
    CompletableFuture<Void> submit(Runnable task) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        enqueue(() -> {
            try {
                task.run();
                done.complete(null);
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
                throw e;
            }
        });
        return done;
    }

    private void enqueue(Runnable task) {
        synchronized (this) {
            queue.add(task);
            if (draining) {
                return;
            }
            draining = true;
        }
        executor.execute(this::drain);
    }

    private void drain() {
        while (true) {
            Runnable next;
            synchronized (this) {
                next = queue.poll();
                if (next == null) {
                    draining = false;
                    return;
                }
            }
            try {
                next.run();
            } catch (RuntimeException e) {
                LOG.debug("gathering event failed: {}", e.getMessage(), e);
            }
        }
    }
}
