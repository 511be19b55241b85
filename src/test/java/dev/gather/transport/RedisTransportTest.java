package dev.gather.transport;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gather.harness.LocalRedis;
import dev.gather.testing.Beside;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Envelopes through a real redis-server: in order, once, across a receiver restart and a Redis restart. */
@Beside
class RedisTransportTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private LocalRedis redis;

    @BeforeEach
    void start() throws Exception {
        redis = new LocalRedis(dir);
    }

    @AfterEach
    void stop() throws Exception {
        redis.close();
    }

    @Test
    void aRestartedReceiverResumesWhereItStoppedAndGetsEachEnvelopeOnce() throws Exception {
        try (Transport alpha = open("alpha")) {
            send(alpha, "beta", 1, 2, 3); // beta's daemon has never run: its stream keeps them
            List<Integer> got = new CopyOnWriteArrayList<>();
            try (Transport beta = open("beta")) {
                beta.receive(e -> got.add(e.body().path("n").asInt()), r -> {});
                await().atMost(Duration.ofSeconds(10)).until(() -> got.size() == 3);
            }
            send(alpha, "beta", 4, 5); // while beta is down
            try (Transport beta = open("beta")) {
                beta.receive(e -> got.add(e.body().path("n").asInt()), r -> {});
                await().atMost(Duration.ofSeconds(10)).until(() -> got.size() >= 5);
                await().during(Duration.ofSeconds(1))
                        .atMost(Duration.ofSeconds(3))
                        .until(() -> got.size() == 5);
            }
            assertEquals(List.of(1, 2, 3, 4, 5), got, "each once, in order");
        }
    }

    @Test
    void livenessKeysSayWhichComputersAreThere() throws Exception {
        try (Transport alpha = open("alpha")) {
            Transport beta = open("beta");
            // beta's first beat: its thread, its connection and a SET, then alpha's read, on a loaded machine
            await().atMost(Duration.ofSeconds(30)).until(() -> alpha.alive("beta"));
            beta.close();
            assertTrue(alpha.alive("beta"), "a daemon that stops may be restarting: its key outlives it a while");
            await().atMost(Duration.ofSeconds(RedisTransport.ALIVE_SECONDS + 5)).until(() -> !alpha.alive("beta"));
            assertFalse(alpha.alive("gamma"), "a computer never seen is not there");
            assertTrue(alpha.alive("alpha"));
        }
    }

    @Test
    void redisRestartingUnderThemLosesNothingSentAfterwards() throws Exception {
        try (Transport alpha = open("alpha");
                Transport beta = open("beta")) {
            List<Integer> got = new CopyOnWriteArrayList<>();
            beta.receive(e -> got.add(e.body().path("n").asInt()), r -> {});
            send(alpha, "beta", 1);
            await().atMost(Duration.ofSeconds(10)).until(() -> got.size() == 1);
            redis.kill();
            send(alpha, "beta", 2, 3); // kept in alpha's outbox while Redis is away
            redis.start();
            await().atMost(Duration.ofSeconds(20)).until(() -> got.size() == 3);
            assertEquals(List.of(1, 2, 3), got);
            await().atMost(Duration.ofSeconds(10)).until(() -> alpha.alive("beta"));
        }
    }

    private static final RemoteKey KEY = RemoteKey.generate();

    private Transport open(String computer) throws IOException {
        Path state = Files.createDirectories(dir.resolve(computer));
        KEY.save(state);
        return Transports.open(new Transports.Config(computer, Optional.of(redis.url()), state));
    }

    private static void send(Transport from, String to, int... ns) {
        for (int n : ns) {
            from.send(to, new Envelope("test", from.computer(), JSON.valueToTree(Map.of("n", n))));
        }
    }
}
