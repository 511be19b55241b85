package dev.gather.ops;

import dev.gather.link.Member;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * Members without a pane who pull what is relayed to them ({@code hear}) instead of having it typed
 * in: each known by a token its client got at {@code join}, each with the time it last pulled. One
 * that stops pulling is away after a bound, and leaves after a longer one.
 */
public final class Pulls {
    /** Whether a pull member still pulls. */
    enum Presence {
        PRESENT,
        AWAY
    }

    /** One pull member: where it joined (journal {@code link}, after entry {@code joinedAt}) and its bounds. */
    static final class Pull {
        final String token;
        final String link;
        final Member member;
        final long joinedAt;
        final Duration awayAfter;
        final Duration leaveAfter;
        private Instant last;
        private Presence presence = Presence.PRESENT;

        Pull(
                String token,
                String link,
                Member member,
                long joinedAt,
                Duration awayAfter,
                Duration leaveAfter,
                Instant now) {
            this.token = token;
            this.link = link;
            this.member = member;
            this.joinedAt = joinedAt;
            this.awayAfter = awayAfter;
            this.leaveAfter = leaveAfter;
            this.last = now;
        }

        synchronized Presence presence() {
            return presence;
        }

        synchronized Instant last() {
            return last;
        }

        /** It pulled (or spoke) now; true when it was away until now. */
        private synchronized boolean touch(Instant now) {
            last = now;
            boolean back = presence == Presence.AWAY;
            presence = Presence.PRESENT;
            return back;
        }

        /**
         * What the time {@code now} makes of it: nothing, away (once), or gone. Once its link has
         * closed there is nothing more to hear than the close: it is let go at the away bound.
         */
        private synchronized Optional<Change.Kind> due(Instant now, boolean open) {
            Duration quiet = Duration.between(last, now);
            if (quiet.compareTo(open ? leaveAfter : awayAfter) >= 0) {
                return Optional.of(Change.Kind.LEAVE);
            }
            if (quiet.compareTo(awayAfter) >= 0 && presence == Presence.PRESENT) {
                presence = Presence.AWAY;
                return Optional.of(Change.Kind.AWAY);
            }
            return Optional.empty();
        }
    }

    /** A pull member that went away or must leave. */
    record Change(Pull pull, Kind kind) {
        enum Kind {
            AWAY,
            LEAVE
        }
    }

    private static final SecureRandom RANDOM = new SecureRandom();

    private final Map<String, Pull> byToken = new ConcurrentHashMap<>();
    private final Clock clock;

    public Pulls(Clock clock) {
        this.clock = clock;
    }

    /** Registers a pull member; its token is what its client shows to act as it. */
    Pull add(String link, Member m, long joinedAt, Duration awayAfter, Duration leaveAfter) {
        byte[] bytes = new byte[18];
        RANDOM.nextBytes(bytes);
        Pull p = new Pull(
                "pull-" + HexFormat.of().formatHex(bytes), link, m, joinedAt, awayAfter, leaveAfter, clock.instant());
        byToken.put(p.token, p);
        return p;
    }

    /** The pull member of {@code token}, now counted as pulling. */
    Optional<Pull> touch(String token) {
        Pull p = byToken.get(token);
        if (p != null) {
            p.touch(clock.instant());
        }
        return Optional.ofNullable(p);
    }

    /** The pull member {@code m} of {@code link}, if it is one. */
    Optional<Pull> of(String link, Member m) {
        return byToken.values().stream()
                .filter(p -> p.link.equals(link) && p.member.equals(m))
                .findFirst();
    }

    void remove(Pull p) {
        byToken.remove(p.token);
    }

    boolean isEmpty() {
        return byToken.isEmpty();
    }

    /**
     * Every pull member that went away or must leave by now ({@code open} says whether its link
     * still is); a leaving one is forgotten here.
     */
    List<Change> sweep(Predicate<String> open) {
        Instant now = clock.instant();
        List<Change> out = new ArrayList<>();
        for (Pull p : byToken.values()) {
            p.due(now, open.test(p.link)).ifPresent(kind -> {
                if (kind == Change.Kind.LEAVE) {
                    byToken.remove(p.token);
                }
                out.add(new Change(p, kind));
            });
        }
        return out;
    }
}
