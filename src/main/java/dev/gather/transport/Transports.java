package dev.gather.transport;

import dev.gather.home.ConfigFile;
import dev.gather.home.Secrets;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Chooses the transport from configuration: {@code GATHER_REDIS_URL}, else {@code redis.url} in
 * {@code $GATHER_HOME/config.properties}; the computer's name from {@code GATHER_COMPUTER}, else
 * {@code computer} there, else the host name. Without a URL nothing about Redis is even loaded.
 */
public final class Transports {
    private Transports() {}

    /**
     * What the configuration says.
     *
     * @param stateRoot where the shared {@link RemoteKey} and the newest accepted sequence numbers are
     */
    public record Config(String computer, Optional<String> redisUrl, Path stateRoot) {}

    public static Config config(Map<String, String> env, Path stateRoot) {
        Properties p = new Properties();
        Path file = stateRoot.resolve("config.properties");
        if (Files.exists(file)) {
            try {
                p.load(new ByteArrayInputStream(ConfigFile.bytes(file, 64 * 1024)));
            } catch (IOException e) {
                throw new IllegalStateException("cannot read " + file + ": " + e.getMessage(), e);
            }
        }
        String computer =
                first(env.get("GATHER_COMPUTER"), p.getProperty("computer")).orElseGet(Transports::hostName);
        if (!computer.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,62}")) {
            throw new IllegalStateException(
                    "computer name '" + computer + "' must be letters, digits, '.', '_' or '-' (set GATHER_COMPUTER)");
        }
        return new Config(computer, first(env.get("GATHER_REDIS_URL"), p.getProperty("redis.url")), stateRoot);
    }

    /** The transport for {@code config}: Redis when a URL is set, local otherwise. */
    public static Transport open(Config config) {
        if (config.redisUrl().isEmpty()) {
            return Transport.local(config.computer());
        }
        RemoteKey key = RemoteKey.load(config.stateRoot())
                .orElseThrow(() -> new IllegalStateException("members on other computers need a shared key, and "
                        + config.stateRoot().resolve(RemoteKey.FILE) + " is missing: run 'gather remote pair' on one"
                        + " computer and the line it prints on the others (docs/remote.md)"));
        try {
            // by name, so a local-only daemon never loads the Redis client at all
            return (Transport) Class.forName("dev.gather.transport.RedisTransport")
                    .getDeclaredConstructor(String.class, String.class, RemoteKey.class, Path.class)
                    .newInstance(
                            config.redisUrl().get(),
                            config.computer(),
                            key,
                            config.stateRoot().resolve("remote.seen"));
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            // the cause is not chained: its message and its own causes may carry the URL's password,
            // and a stack trace in daemon.log would show it
            throw new IllegalStateException("cannot connect to Redis at "
                    + Secrets.redact(config.redisUrl().get()) + ": "
                    + cause.getClass().getSimpleName() + ": " + Secrets.redact(cause.getMessage()));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the Redis transport is missing from this build", e);
        }
    }

    private static Optional<String> first(String a, String b) {
        if (a != null && !a.isBlank()) {
            return Optional.of(a.strip());
        }
        return b != null && !b.isBlank() ? Optional.of(b.strip()) : Optional.empty();
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName().replaceAll("[^A-Za-z0-9._-]", "-");
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
