package dev.gather.transport;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.home.Secrets;
import dev.gather.process.Threads;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.SetParams;
import redis.clients.jedis.params.XAddParams;
import redis.clients.jedis.params.XReadGroupParams;
import redis.clients.jedis.resps.StreamEntry;

/**
 * Envelopes through Redis Streams: one stream per computer ({@code gather:stream:<computer>},
 * trimmed to about 10,000 entries), read by that computer's daemon in a consumer group, so a
 * restarted daemon first reads what it had received but not acknowledged, then what arrived while
 * it was away. Liveness is a key per computer ({@code gather:alive:<computer>}) refreshed every 3 s
 * with a 10 s expiry, left to expire when the daemon stops (a quick restart keeps its links). Sends go through an outbox drained in order, retried while Redis is away.
 *
 * <p>Every envelope and heartbeat is signed with the computers' shared {@link RemoteKey}; what does
 * not verify, names another recipient or repeats an old sequence number is handed to the rejected
 * consumer and never to the daemon. A computer counts as alive while this computer saw its signed
 * heartbeat change recently, by this computer's own clock ({@link Heartbeats}): deleting or
 * overwriting its key does not make it look gone before its heartbeats stop, and no sender's clock
 * counts.
 */
final class RedisTransport implements Transport {
    private static final Logger LOG = LoggerFactory.getLogger(RedisTransport.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String GROUP = "daemon";
    private static final long MAX_LEN = 10_000;
    static final int ALIVE_SECONDS = 10;

    private record Outgoing(String to, Envelope envelope) {}

    private final String computer;
    private final JedisPooled redis;
    private final Seal seal;
    private final Sequences sequences;
    private final Heartbeats heartbeats = new Heartbeats(Duration.ofSeconds(ALIVE_SECONDS), System::nanoTime);
    private final AtomicLong beats = new AtomicLong();
    private final BlockingQueue<Outgoing> outbox = new LinkedBlockingQueue<>();
    private final ScheduledExecutorService heartbeat =
            Executors.newSingleThreadScheduledExecutor(Threads.named("gather-redis-alive"));
    private final Thread sender = Threads.named("gather-redis-send").newThread(this::sendLoop);
    private volatile Thread receiver;
    private volatile boolean running = true;

    RedisTransport(String url, String computer, RemoteKey key, Path seen) {
        this.computer = computer;
        this.seal = new Seal(key);
        this.sequences = new Sequences(seen);
        this.redis = new JedisPooled(URI.create(url), 5000);
        redis.ping(); // fail now, with the URL in the message, rather than on the first send
        heartbeat.scheduleAtFixedRate(this::beat, 0, 3, TimeUnit.SECONDS);
        sender.start();
    }

    static String stream(String computer) {
        return "gather:stream:" + computer;
    }

    static String aliveKey(String computer) {
        return "gather:alive:" + computer;
    }

    @Override
    public String computer() {
        return computer;
    }

    @Override
    public void send(String to, Envelope envelope) {
        outbox.add(new Outgoing(to, envelope));
    }

    @Override
    public void receive(Consumer<Envelope> handler, Consumer<Rejected> rejected) {
        Thread t = Threads.named("gather-redis-receive").newThread(() -> receiveLoop(handler, rejected));
        receiver = t;
        t.start();
    }

    @Override
    public boolean alive(String other) {
        if (other.equals(computer)) {
            return true;
        }
        try {
            seal.heartbeatOf(other, redis.get(aliveKey(other))).ifPresent(b -> heartbeats.saw(other, b));
        } catch (JedisException e) {
            // Redis itself is away: that says nothing about the other computer
            return true;
        }
        return heartbeats.alive(other);
    }

    private void beat() {
        try {
            redis.set(
                    aliveKey(computer),
                    seal.heartbeat(computer, sequences.run(), beats.incrementAndGet()),
                    SetParams.setParams().ex(ALIVE_SECONDS));
        } catch (JedisException e) {
            LOG.warn("redis: cannot refresh liveness of {}: {}", computer, Secrets.redact(e.getMessage()));
        }
    }

    private void sendLoop() {
        long backoff = 100;
        Outgoing next = null;
        while (running) {
            try {
                if (next == null) {
                    next = outbox.take();
                }
                ObjectNode body = next.envelope().body();
                redis.xadd(
                        stream(next.to()),
                        XAddParams.xAddParams().maxLen(MAX_LEN).approximateTrimming(),
                        seal.fields(next.envelope(), next.to(), sequences.next(), JSON.writeValueAsString(body)));
                next = null;
                backoff = 100;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (JedisException | IOException e) {
                LOG.warn(
                        "redis: send to {} failed ({}); retrying in {} ms",
                        next.to(),
                        Secrets.redact(e.getMessage()),
                        backoff);
                pause(backoff);
                backoff = Math.min(backoff * 2, 2000);
            }
        }
    }

    private void receiveLoop(Consumer<Envelope> handler, Consumer<Rejected> rejected) {
        String key = stream(computer);
        boolean pendingFirst = true;
        long backoff = 100;
        while (running) {
            try {
                ensureGroup(key);
                StreamEntryID from = pendingFirst ? new StreamEntryID() : StreamEntryID.XREADGROUP_UNDELIVERED_ENTRY;
                XReadGroupParams params = XReadGroupParams.xReadGroupParams().count(100);
                if (!pendingFirst) {
                    params.block(1000);
                }
                List<Map.Entry<String, List<StreamEntry>>> got =
                        redis.xreadGroup(GROUP, computer, params, Map.of(key, from));
                List<StreamEntry> entries =
                        got == null || got.isEmpty() ? List.of() : got.get(0).getValue();
                if (pendingFirst && entries.isEmpty()) {
                    pendingFirst = false;
                }
                for (StreamEntry e : entries) {
                    if (!running) {
                        // not acknowledged: the next daemon reading this stream gets it
                        return;
                    }
                    deliver(handler, rejected, e);
                    redis.xack(key, GROUP, e.getID());
                }
                backoff = 100;
            } catch (JedisException e) {
                if (!running) {
                    return;
                }
                LOG.warn(
                        "redis: reading {} failed ({}); retrying in {} ms",
                        key,
                        Secrets.redact(e.getMessage()),
                        backoff);
                pendingFirst = true;
                pause(backoff);
                backoff = Math.min(backoff * 2, 2000);
            }
        }
    }

    private void deliver(Consumer<Envelope> handler, Consumer<Rejected> rejected, StreamEntry e) {
        Map<String, String> f = e.getFields();
        Optional<String> problem = seal.problem(f, computer);
        if (problem.isEmpty()) {
            problem = sequences.accept(f.get("from"), f.get("seq"));
        }
        if (problem.isPresent()) {
            LOG.warn("redis: envelope {} on {} rejected: {}", e.getID(), computer, problem.get());
            rejected.accept(new Rejected(
                    e.getID().toString(), f.getOrDefault("kind", ""), f.getOrDefault("from", ""), problem.get()));
            return;
        }
        try {
            ObjectNode body = (ObjectNode) JSON.readTree(f.getOrDefault("body", "{}"));
            handler.accept(new Envelope(f.getOrDefault("kind", ""), f.getOrDefault("from", ""), body));
        } catch (IOException | RuntimeException x) {
            // one bad envelope must not stop the stream; it is acknowledged and reported
            LOG.warn("redis: envelope {} on {} dropped: {}", e.getID(), computer, Secrets.redact(x.toString()));
        }
    }

    private void ensureGroup(String key) {
        try {
            redis.xgroupCreate(key, GROUP, new StreamEntryID(), true);
        } catch (JedisException e) {
            if (!String.valueOf(Secrets.redact(e.getMessage())).contains("BUSYGROUP")) {
                throw e;
            }
        }
    }

    private static void pause(long millis) {
        try {
            // a reconnect backoff: Redis has no event to wait on while it is away
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        running = false;
        heartbeat.shutdownNow();
        sender.interrupt();
        Thread r = receiver;
        if (r != null) {
            try {
                // a blocked read returns within its 1 s block; nothing is handed on after close
                r.join(3000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        // the liveness key is left to expire: a daemon restarting within its 10 s keeps its links
        redis.close();
    }
}
