package dev.gather.daemon;

import java.util.concurrent.ThreadFactory;

/** The daemon's own threads: named, so a thread dump says whose they are, and never holding the JVM up. */
final class Threads {
    private Threads() {}

    /** Daemon threads called {@code name}. */
    static ThreadFactory named(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }
}
