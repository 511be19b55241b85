package dev.gather.transport;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gather.harness.LocalRedis;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.resps.StreamEntry;

/**
 * Issue 35: sequence numbers followed the sender's clock, so a computer restarted an hour behind had
 * its next message refused as a replay, and one far-future number any key holder signed locked a
 * computer out for good; liveness compared the sender's clock with the receiver's. Now numbers are a
 * run and a count, refused only when seen before, and liveness is judged by the receiver's clock.
 */
class ClocklessSequencesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void onlyANumberAcceptedBeforeIsRefusedAcrossRestartsOfEitherSide() {
        Path seen = dir.resolve("remote.seen");
        Sequences beta = new Sequences(seen);
        Sequences alpha = new Sequences(dir.resolve("alpha.seen"));
        String one = alpha.next();
        String two = alpha.next();
        assertEquals(Optional.empty(), beta.accept("alpha", one));
        assertEquals(Optional.empty(), beta.accept("alpha", two));
        assertTrue(beta.accept("alpha", one).orElse("").contains("a replay"));

        // a key holder signs one far-future number in alpha's run: it marks only itself
        String future = alpha.run() + "-999999999999999999";
        assertEquals(Optional.empty(), beta.accept("alpha", future));
        assertEquals(Optional.empty(), beta.accept("alpha", alpha.next()), "alpha is not locked out");
        assertTrue(beta.accept("alpha", future).isPresent(), "and the forgery cannot be replayed");
        // a clock-made number of an older gather is no number at all
        assertTrue(beta.accept("alpha", "1764300000000000").orElse("").contains("not a run and a count"));

        Sequences betaAgain = new Sequences(seen); // beta restarts
        assertTrue(betaAgain.accept("alpha", two).isPresent(), "replays stay refused after a restart");
        String four = alpha.next();
        assertEquals(Optional.empty(), betaAgain.accept("alpha", four));

        Sequences alphaAgain = new Sequences(dir.resolve("alpha.seen")); // alpha restarts, whatever its clock says
        assertFalse(alphaAgain.run().equals(alpha.run()));
        assertEquals(Optional.empty(), betaAgain.accept("alpha", alphaAgain.next()), "a new run's first number");
        assertTrue(betaAgain.accept("alpha", four).isPresent(), "the old run's numbers stay refused");
    }

    @Test
    void livenessIsJudgedByTheReceiversClockAndAnOldBeatChangesNothing() {
        AtomicLong now = new AtomicLong();
        Heartbeats beats = new Heartbeats(Duration.ofSeconds(10), now::get);
        assertFalse(beats.alive("beta"), "never seen");
        beats.saw("beta", "00000000000000aa-1");
        now.set(Duration.ofSeconds(9).toNanos());
        beats.saw("beta", "00000000000000aa-1"); // the same beat read again: no news
        assertTrue(beats.alive("beta"));
        now.set(Duration.ofSeconds(11).toNanos());
        assertFalse(beats.alive("beta"), "no new beat for 11 s by this clock: gone, whatever its beats say of time");
        beats.saw("beta", "00000000000000aa-2");
        assertTrue(beats.alive("beta"));
        beats.saw("beta", "00000000000000bb-1"); // beta restarted
        now.set(Duration.ofSeconds(30).toNanos());
        beats.saw("beta", "00000000000000aa-9"); // a beat of its earlier run, written back
        beats.saw("beta", "00000000000000bb-1");
        assertFalse(beats.alive("beta"), "an old or repeated beat does not keep a stopped computer alive");
    }

    @Test
    void aFarFutureNumberSignedByAKeyHolderLocksNobodyOut() throws Exception {
        RemoteKey key = RemoteKey.generate();
        try (LocalRedis redis = new LocalRedis(Files.createDirectories(dir.resolve("redis")))) {
            Transport alpha = open(redis, key, "alpha");
            Transport beta = open(redis, key, "beta");
            List<Integer> got = new CopyOnWriteArrayList<>();
            List<Rejected> refused = new CopyOnWriteArrayList<>();
            beta.receive(e -> got.add(e.body().path("n").asInt()), refused::add);
            send(alpha, 1);
            await().atMost(Duration.ofSeconds(10)).until(() -> got.size() == 1);
            try (JedisPooled stranger = new JedisPooled(URI.create(redis.url()))) {
                StreamEntry real = stranger.xrange(RedisTransport.stream("beta"), (StreamEntryID) null, null, 1)
                        .get(0);
                String run = real.getFields().get("seq").split("-")[0];
                Map<String, String> forged = new Seal(key)
                        .fields(
                                new Envelope("test", "alpha", JSON.createObjectNode()),
                                "beta",
                                run + "-999999999999999999",
                                "{\"n\":99}");
                stranger.xadd(RedisTransport.stream("beta"), StreamEntryID.NEW_ENTRY, forged);
                stranger.xadd(RedisTransport.stream("beta"), StreamEntryID.NEW_ENTRY, forged); // and its replay
                stranger.xadd(RedisTransport.stream("beta"), StreamEntryID.NEW_ENTRY, real.getFields());
            }
            send(alpha, 2, 3);
            await().atMost(Duration.ofSeconds(10)).until(() -> got.size() == 4);
            await().atMost(Duration.ofSeconds(10)).until(() -> refused.size() == 2);
            assertEquals(List.of(1, 99, 2, 3), got, "alpha's numbers after the forgery still arrive");
            alpha.close();
            beta.close();
        }
    }

    private Transport open(LocalRedis redis, RemoteKey key, String computer) throws Exception {
        Path state = Files.createDirectories(dir.resolve(computer));
        key.save(state);
        return Transports.open(new Transports.Config(computer, Optional.of(redis.url()), state));
    }

    private static void send(Transport from, int... ns) {
        for (int n : ns) {
            from.send("beta", new Envelope("test", from.computer(), JSON.valueToTree(Map.of("n", n))));
        }
    }
}
