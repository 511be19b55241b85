package dev.gather.process;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

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
     * The result of {@code work}, whose parallel streams run on a pool of this call's own (threads
     * called {@code name}, one per core, ended on return) instead of the JDK's shared common pool.
     */
    public static <T> T inParallel(String name, Supplier<T> work) {
        ForkJoinPool pool = new ForkJoinPool(
                Runtime.getRuntime().availableProcessors(),
                p -> {
                    ForkJoinWorkerThread t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
                    t.setName(name);
                    t.setDaemon(true);
                    return t;
                },
                null,
                false);
        // waited for as a plain future: a join from a thread of another fork-join pool (a test engine's
        // lane) would run that pool's other tasks meanwhile, and stand until the last of them ended
        FutureTask<T> task = new FutureTask<>(work::get);
        pool.execute(task);
        try {
            return task.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(name + ": interrupted while waiting", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(name + ": " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
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
