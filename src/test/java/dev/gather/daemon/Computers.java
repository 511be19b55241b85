package dev.gather.daemon;

import static org.awaitility.Awaitility.await;

import dev.gather.harness.LocalRedis;
import dev.gather.tmux.Pane;
import dev.gather.transport.RemoteKey;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Two computers for each test of the class that registers it: one local Redis as in production (a
 * password on the default user, gather's own ACL user) and a {@link World} per computer, {@code
 * alpha} and {@code beta}, paired by one shared key. Set into the test's fields of those names (and
 * {@code redis}, {@code home}); all closed and removed after the test.
 */
final class Computers implements BeforeEachCallback, AfterEachCallback {
    /** The two computers' shared key, as {@code gather remote pair} leaves it on both. */
    static final RemoteKey KEY = RemoteKey.generate();

    private Path home;
    private LocalRedis redis;
    private World alpha;
    private World beta;

    /** A computer called {@code computer} on this Redis, paired with the others; its state in the home. */
    World world(String computer) throws Exception {
        Path state = Files.createDirectories(home.resolve(computer));
        KEY.save(state);
        Files.writeString(
                state.resolve("config.properties"), "computer=" + computer + "\nredis.url=" + redis.url() + "\n");
        return new World(state);
    }

    /** Waits until alpha's daemon sees beta's heartbeat. */
    void awaitReachable() {
        await().atMost(Duration.ofSeconds(10)).until(() -> alpha.daemon.remote.reachable("beta"));
    }

    /**
     * Once alpha reaches beta, links {@code ada} of alpha with {@code bo} of beta (named Bo) by
     * {@code words}; the link's id, once Bo's screen shows the words.
     */
    String linkAcross(Pane ada, Pane bo, String words) throws IOException {
        awaitReachable();
        String link = alpha.link(ada, "beta:" + bo.id(), "Bo", words);
        // the control client may drop and reconnect under load; a screen read then simply retries
        await().atMost(Duration.ofSeconds(20)).ignoreExceptions().until(() -> beta.screen(bo)
                .contains(words));
        return link;
    }

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        home = Files.createTempDirectory("gather-computers-");
        redis = new LocalRedis(Files.createDirectories(home.resolve("redis")), true);
        alpha = world("alpha");
        beta = world("beta");
        Map<String, Object> values = Map.of("home", home, "redis", redis, "alpha", alpha, "beta", beta);
        Object test = context.getRequiredTestInstance();
        for (Class<?> c = test.getClass(); c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                Object v = values.get(f.getName());
                if (v != null && f.getType().isInstance(v)) {
                    f.setAccessible(true);
                    f.set(test, v);
                }
            }
        }
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        try {
            for (World w : new World[] {alpha, beta}) {
                if (w != null) {
                    w.close();
                }
            }
        } finally {
            redis.close();
        }
        try (Stream<Path> all = Files.walk(home)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
