package dev.gather.gathering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.journal.Announcement;
import dev.gather.link.Member;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * A member found gone while the gathering's lane is busy (its harness given up on as the start seeds
 * everyone) leaves in the lane's order: its leaving is journalled after the piece the lane was
 * already giving, before the gathering skips it, and no piece goes to it after that record.
 */
class LeavingInTurnTest {
    @Test
    void aLeavingFoundMidStartIsJournalledInTheLanesTurnAndThePieceSkipsItAfter() {
        Circle c = new Circle("minimal", 3, false, false);
        Member ada = c.m("Ada");
        List<String> journal = new CopyOnWriteArrayList<>();
        AtomicBoolean found = new AtomicBoolean();
        c.meanwhile = e -> {
            if (e instanceof Effect.Announce a && a.kind() == Announcement.TURN) {
                journal.add(a.text());
            } else if (e instanceof Effect.Announce a && a.kind() == Announcement.LEFT) {
                journal.add("announced: " + a.text());
            }
            // another thread, while the lane seeds: Ada (first to speak) never became ready
            if (found.compareAndSet(false, true)) {
                c.gathering.memberGone(ada, () -> journal.add("Ada left"));
            }
        };

        c.gathering.start().join();

        int left = journal.indexOf("Ada left");
        assertTrue(left >= 0, journal.toString());
        assertTrue(
                journal.subList(left, journal.size()).stream()
                        .noneMatch(t -> t.startsWith("The piece is now with Ada")),
                journal.toString());
        assertTrue(journal.get(left + 1).startsWith("announced: Ada (1) has left"), journal.toString());
        assertEquals("The piece is now with Bo (2).", journal.get(left + 2), journal.toString());
        assertEquals("Bo", c.holder().name());
    }
}
