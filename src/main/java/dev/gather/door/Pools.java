package dev.gather.door;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The doors' thread pools: named, so a thread dump says whose a thread is; bounded, so a burst of
 * messages queues instead of starting a thread each; idle threads end. Whoever makes one closes it.
 */
public final class Pools {
    private Pools() {}

    /** At most {@code most} daemon threads called {@code name}; work beyond them waits its turn, never refused. */
    public static ExecutorService bounded(String name, int most) {
        ThreadPoolExecutor pool =
                new ThreadPoolExecutor(most, most, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), named(name));
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    /** Daemon threads called {@code name} (they never hold the JVM up), for a pool its owner makes. */
    public static ThreadFactory named(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }
}
