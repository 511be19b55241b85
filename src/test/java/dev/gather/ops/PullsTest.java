package dev.gather.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.time.ManualScheduler;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** A member without a pane that stops hearing is away after one bound and gone after the other, in virtual time. */
class PullsTest {
    @Test
    void awayOnceThenGoneUnlessItHearsAgain() {
        ManualScheduler time = new ManualScheduler();
        Pulls pulls = new Pulls(time.clock());
        Predicate<String> open = id -> true;
        Member pat = new Member("Pat", 4, Role.SPEAKER, Optional.empty());
        Pulls.Pull p = pulls.add("g-1", pat, 12, Duration.ofSeconds(10), Duration.ofSeconds(30));
        assertTrue(p.token.startsWith("pull-"));
        assertEquals(List.of(), pulls.sweep(open));

        time.advance(Duration.ofSeconds(10));
        assertEquals(List.of(new Pulls.Change(p, Pulls.Change.Kind.AWAY)), pulls.sweep(open));
        assertEquals(List.of(), pulls.sweep(open), "away is said once");
        assertEquals(Pulls.Presence.AWAY, p.presence());

        // hearing again brings it back and restarts both bounds
        time.advance(Duration.ofSeconds(15));
        assertEquals(Optional.of(p), pulls.touch(p.token));
        assertEquals(Pulls.Presence.PRESENT, p.presence());
        time.advance(Duration.ofSeconds(29));
        assertEquals(List.of(new Pulls.Change(p, Pulls.Change.Kind.AWAY)), pulls.sweep(open));
        time.advance(Duration.ofSeconds(1));
        assertEquals(List.of(new Pulls.Change(p, Pulls.Change.Kind.LEAVE)), pulls.sweep(open));
        assertTrue(pulls.isEmpty());
        assertEquals(Optional.empty(), pulls.touch(p.token), "a member that left has no token");
    }

    @Test
    void onceItsLinkClosedItIsLetGoAtTheAwayBound() {
        ManualScheduler time = new ManualScheduler();
        Pulls pulls = new Pulls(time.clock());
        Pulls.Pull p = pulls.add(
                "g-1",
                new Member("Pat", 4, Role.SPEAKER, Optional.empty()),
                1,
                Duration.ofSeconds(10),
                Duration.ofHours(1));
        time.advance(Duration.ofSeconds(9));
        assertEquals(List.of(), pulls.sweep(id -> false), "it may still hear the close");
        time.advance(Duration.ofSeconds(1));
        assertEquals(List.of(new Pulls.Change(p, Pulls.Change.Kind.LEAVE)), pulls.sweep(id -> false));
        assertTrue(pulls.isEmpty());
    }
}
