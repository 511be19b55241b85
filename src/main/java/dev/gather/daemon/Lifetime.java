package dev.gather.daemon;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * How long a daemon process runs: until it is asked to stop, or until no client can reach it any more
 * because its socket file is gone (its state folder was removed: a test's or a script's temporary
 * home, a user's {@code rm -rf}). Such a daemon would otherwise live on unseen, its journals deleted,
 * and hold its lock against the next one.
 */
final class Lifetime {
    /** How often the socket file is looked for while the daemon waits to be stopped. */
    static final Duration LOOK_EVERY = Duration.ofSeconds(3);

    private Lifetime() {}

    /** Waits until {@code stopped} opens (empty) or {@code socket} is gone (why the daemon ends anyway). */
    static Optional<String> await(CountDownLatch stopped, Path socket) throws InterruptedException {
        while (!stopped.await(LOOK_EVERY.toMillis(), TimeUnit.MILLISECONDS)) {
            if (!Files.exists(socket, LinkOption.NOFOLLOW_LINKS)) {
                return Optional.of("its socket " + socket + " is gone (its state folder was removed), so no client"
                        + " can reach it");
            }
        }
        return Optional.empty();
    }
}
