package dev.gather.transport;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A private redis-server on a free loopback port, saving nothing to disk: for the benchmarks and
 * the tests, never for users (they point gather at their own Redis).
 */
public final class LocalRedis implements AutoCloseable {
    private final Path dir;
    private final int port;
    private Process process;

    /** Starts one, its log in {@code dir}. */
    public LocalRedis(Path dir) throws IOException {
        this.dir = dir;
        try (ServerSocket s = new ServerSocket(0)) {
            this.port = s.getLocalPort();
        }
        start();
    }

    /** Whether redis-server is installed here. */
    public static boolean available() {
        for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, "redis-server"))) {
                return true;
            }
        }
        return false;
    }

    public String url() {
        return "redis://127.0.0.1:" + port;
    }

    /** Starts it (again, on the same port, empty) and returns once it accepts connections. */
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
                .redirectOutput(ProcessBuilder.Redirect.appendTo(
                        dir.resolve("redis.log").toFile()))
                .start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            try (Socket s = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException notYet) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    throw new IOException(
                            "redis-server did not start on port " + port + " (see " + dir.resolve("redis.log") + ")");
                }
                pause();
            }
        }
    }

    /** Kills it at once (SIGKILL), as a crash would. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    private static void pause() {
        try {
            Thread.sleep(20); // asking the port again: a starting server sends no event
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() throws InterruptedException {
        kill();
    }
}
