package dev.gather.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.link.Member;
import dev.gather.link.Role;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A member without a pane that stops hearing is away after one bound and gone after the other, in virtual time. */
class PullsTest {
    /** A clock the test moves by hand. */
    private static final class HandClock extends Clock {
        Instant now = Instant.parse("2026-11-23T10:00:00Z");

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    @Test
    void awayOnceThenGoneUnlessItHearsAgain() {
        HandClock clock = new HandClock();
        Pulls pulls = new Pulls(clock);
        java.util.function.Predicate<String> open = id -> true;
        Member pat = new Member("Pat", 4, Role.SPEAKER, Optional.empty());
        Pulls.Pull p = pulls.add("g-1", pat, 12, Duration.ofSeconds(10), Duration.ofSeconds(30));
        assertTrue(p.token.startsWith("pull-"));
        assertEquals(List.of(), pulls.sweep(open));

        clock.now = clock.now.plusSeconds(10);
        assertEquals(List.of(new Pulls.Change(p, Pulls.Change.Kind.AWAY)), pulls.sweep(open));
        assertEquals(List.of(), pulls.sweep(open), "away is said once");
        assertEquals(Pulls.Presence.AWAY, p.presence());

        // hearing again brings it back and restarts both bounds
        clock.now = clock.now.plusSeconds(15);
        assertEquals(Optional.of(p), pulls.touch(p.token));
        assertEquals(Pulls.Presence.PRESENT, p.presence());
        clock.now = clock.now.plusSeconds(29);
        assertEquals(List.of(new Pulls.Change(p, Pulls.Change.Kind.AWAY)), pulls.sweep(open));
        clock.now = clock.now.plusSeconds(1);
        assertEquals(List.of(new Pulls.Change(p, Pulls.Change.Kind.LEAVE)), pulls.sweep(open));
        assertTrue(pulls.isEmpty());
        assertEquals(Optional.empty(), pulls.touch(p.token), "a member that left has no token");
    }

    @Test
    void onceItsLinkClosedItIsLetGoAtTheAwayBound() {
        HandClock clock = new HandClock();
        Pulls pulls = new Pulls(clock);
        Pulls.Pull p = pulls.add(
                "g-1",
                new Member("Pat", 4, Role.SPEAKER, Optional.empty()),
                1,
                Duration.ofSeconds(10),
                Duration.ofHours(1));
        clock.now = clock.now.plusSeconds(9);
        assertEquals(List.of(), pulls.sweep(id -> false), "it may still hear the close");
        clock.now = clock.now.plusSeconds(1);
        assertEquals(List.of(new Pulls.Change(p, Pulls.Change.Kind.LEAVE)), pulls.sweep(id -> false));
        assertTrue(pulls.isEmpty());
    }
}
