package dev.gather.link;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A link's id says when the link was made, and never repeats one an earlier daemon used. */
class LinkIdsTest {
    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    private final AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-11-20T08:00:00Z"));

    @Test
    void anIdCarriesItsLinksCreationTimeNotTheTimeTheLinksWereSetUp() {
        Links links = new Links(() -> "link-" + STAMP.format(now.get()) + "-", id -> false);
        now.set(Instant.parse("2026-11-25T16:30:05Z"));
        Link first = links.create("direct", OptionalInt.empty(), members("%1", "%2"));
        now.set(Instant.parse("2026-11-25T17:45:00Z"));
        Link second = links.create("direct", OptionalInt.empty(), members("%3", "%4"));
        assertEquals("link-20261125-163005-1", first.id());
        assertEquals("link-20261125-174500-2", second.id());
    }

    @Test
    void anIdAnEarlierDaemonsJournalHoldsIsSkipped() {
        Set<String> journalled = Set.of("link-20261125-163005-1", "link-20261125-163005-2");
        Links links = new Links(() -> "link-20261125-163005-", journalled::contains);
        assertEquals(
                "link-20261125-163005-3",
                links.create("direct", OptionalInt.empty(), members("%1", "%2")).id());
    }

    private static List<Member> members(String a, String b) {
        return List.of(Member.inPane("Ada", 1, Role.SPEAKER, a), Member.inPane("Bo", 2, Role.SPEAKER, b));
    }
}
