package dev.gather.harness;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A private redis-server on a free loopback port, saving nothing to disk: for the benchmarks and
 * the tests, never for users (they point gather at their own Redis).
 */
public final class LocalRedis implements AutoCloseable {
    private final Path dir;
    private final int port;
    private final boolean secured;
    private Process process;

    /** The ACL user gather connects as on a secured server, with only its own keys. */
    public static final String USER = "gather";

    private static final String PASSWORD = "gather-test-password";
    private static final String ADMIN_PASSWORD = "admin-test-password";

    /** Starts one, its log in {@code dir}. */
    public LocalRedis(Path dir) throws IOException {
        this(dir, false);
    }

    /**
     * Starts one; {@code secured}: as in production, the default user needs a password and gather has
     * an ACL user of its own that reaches only {@code gather:*} keys and no dangerous command.
     */
    public LocalRedis(Path dir, boolean secured) throws IOException {
        this.dir = dir;
        this.secured = secured;
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

    /** gather's URL: with its ACL user and password on a secured server. */
    public String url() {
        return secured ? "redis://" + USER + ":" + PASSWORD + "@127.0.0.1:" + port : "redis://127.0.0.1:" + port;
    }

    /** A URL with no credentials at all: what a stranger on the machine has. */
    public String anonymousUrl() {
        return "redis://127.0.0.1:" + port;
    }

    /** The default user's URL, password included: someone who may write any key. */
    public String adminUrl() {
        return secured ? "redis://default:" + ADMIN_PASSWORD + "@127.0.0.1:" + port : anonymousUrl();
    }

    /** Starts it (again, on the same port, empty) and returns once it accepts connections. */
    public void start() throws IOException {
        List<String> argv = new ArrayList<>(List.of(
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
                dir.toString()));
        if (secured) {
            argv.addAll(List.of(
                    "--requirepass",
                    ADMIN_PASSWORD,
                    "--user",
                    USER,
                    "on",
                    ">" + PASSWORD,
                    "~gather:*",
                    "+@all",
                    "-@dangerous"));
        }
        process = new ProcessBuilder(argv)
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
