package dev.gather.transport;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import redis.clients.jedis.Jedis;

/** A real redis-server on a free loopback port, private to one test, with nothing saved to disk. */
public final class RedisServer implements AutoCloseable {
    private final Path dir;
    private final int port;
    private Process process;

    public RedisServer(Path dir) throws IOException {
        this.dir = dir;
        try (ServerSocket s = new ServerSocket(0)) {
            this.port = s.getLocalPort();
        }
        start();
    }

    public String url() {
        return "redis://127.0.0.1:" + port;
    }

    /** Starts it (again, on the same port). */
    public void start() throws IOException {
        process = new ProcessBuilder(List.of(
                        "redis-server",
                        "--port",
                        String.valueOf(port),
                        "--bind",
                        "127.0.0.1",
                        "--save",
                        "",
                        "--appendonly",
                        "no",
                        "--dir",
                        dir.toString()))
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("redis.log").toFile())
                .start();
        await().atMost(Duration.ofSeconds(10)).until(this::answers);
    }

    /** Kills it at once (SIGKILL), as a crash would. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    private boolean answers() {
        try (Jedis j = new Jedis("127.0.0.1", port)) {
            return "PONG".equals(j.ping());
        } catch (RuntimeException e) {
            return false;
        }
    }

    @Override
    public void close() throws InterruptedException {
        kill();
    }
}
