package dev.gather.doctor;

import dev.gather.home.Secrets;
import java.net.URI;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;

/** Whether the configured Redis answers a PING, within a deadline; the URL's password is never shown. */
final class RedisCheck {
    private static final int DEADLINE_MS = 2000;

    private RedisCheck() {}

    static Check of(String url) {
        String shown = shown(url);
        try {
            URI uri = URI.create(url);
            DefaultJedisClientConfig.Builder config = DefaultJedisClientConfig.builder()
                    .connectionTimeoutMillis(DEADLINE_MS)
                    .socketTimeoutMillis(DEADLINE_MS)
                    .ssl("rediss".equals(uri.getScheme()));
            String info = uri.getUserInfo();
            if (info != null) {
                int colon = info.indexOf(':');
                if (colon >= 0) {
                    if (colon > 0) {
                        config.user(info.substring(0, colon));
                    }
                    config.password(info.substring(colon + 1));
                } else {
                    config.password(info);
                }
            }
            int port = uri.getPort() < 0 ? 6379 : uri.getPort();
            try (Jedis jedis = new Jedis(new HostAndPort(uri.getHost(), port), config.build())) {
                String pong = jedis.ping();
                return Check.ok("redis", shown + " answers (" + pong + ")");
            }
        } catch (RuntimeException e) {
            return Check.fail(
                    "redis",
                    shown + ": " + Secrets.redact(e.getMessage()),
                    "check GATHER_REDIS_URL and that Redis runs");
        }
    }

    /** {@code url} without its password. */
    static String shown(String url) {
        return Secrets.redact(url);
    }
}
