package dev.gather.process;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Threads gather starts: named, so a thread dump says whose they are, never holding the JVM up, and in
 * pools with a bound. Whoever makes a pool here owns it and shuts it down when it closes.
 */
public final class Threads {
    /** How long an idle pool thread lives: a quiet daemon holds no threads it does not use. */
    private static final long IDLE_SECONDS = 30;

    private Threads() {}

    /** Daemon threads called {@code name}. */
    public static ThreadFactory named(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    /**
     * At most {@code most} threads called {@code name} at once, started as work comes and ended when
     * idle; more work waits its turn in order instead of starting more threads.
     */
    public static ExecutorService bounded(String name, int most) {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(
                most, most, IDLE_SECONDS, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), named(name));
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }
}
