package dev.gather.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.journal.Transcript;
import dev.gather.link.Link;
import dev.gather.link.Links;
import dev.gather.link.Member;
import dev.gather.link.Role;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A member of a link whose leavings are ordered (a gathering's, whose lane may be about to give it
 * the piece) is journalled as left when the orderer runs it, not on the thread that found it gone;
 * it gets nothing more meanwhile. A link without an orderer journals it at once.
 */
class OrderedLeavingTest {
    @TempDir
    Path home;

    private FakePanePost panes;
    private Relay relay;
    private Link link;
    private Member zed;

    @BeforeEach
    void start() throws IOException {
        panes = new FakePanePost(home, Clock.systemUTC());
        Links links = new Links("t-");
        relay = panes.relay(links);
        zed = Member.inPane("Zed", 1, Role.SPEAKER, panes.spawn("Zed"));
        Member ada = Member.inPane("Ada", 2, Role.SPEAKER, panes.spawn("Ada"));
        Member bo = Member.inPane("Bo", 3, Role.SPEAKER, panes.spawn("Bo"));
        link = links.create("g-ordered", "minimal", OptionalInt.empty(), List.of(zed, ada, bo));
    }

    @AfterEach
    void stop() {
        panes.close();
    }

    @Test
    void aMemberOfAnOrderedLinkIsJournalledLeftInItsOrderersTurn() {
        List<Member> told = new ArrayList<>();
        List<Runnable> inTurn = new ArrayList<>();
        relay.orderLeaving(link.id(), (m, journal) -> {
            told.add(m);
            inTurn.add(journal);
            return CompletableFuture.completedFuture(null);
        });
        String pane = zed.pane().orElseThrow();

        relay.leave(pane, "never became ready");
        assertEquals(List.of(zed), told);
        assertEquals(List.of(), left(), "journalled before the orderer's turn");
        assertTrue(link.memberInPane(pane).isEmpty(), "out of the link at once: nothing more goes to it");

        inTurn.forEach(Runnable::run);
        assertEquals(List.of("Zed left (never became ready)"), left());
        relay.leave(pane, "pane " + pane + " ended");
        assertEquals(1, told.size(), "a second notice of the same leaving tells nobody");
    }

    @Test
    void withoutAnOrdererTheLeavingIsJournalledAtOnce() {
        relay.leave(zed.pane().orElseThrow(), "never became ready");
        assertEquals(List.of("Zed left (never became ready)"), left());
    }

    private List<String> left() {
        Path journal = panes.journals.file(link.id());
        if (!Files.exists(journal)) {
            return List.of(); // nothing journalled yet
        }
        return Transcript.read(journal).stream()
                .filter(e -> e.path("kind").asText().equals("left"))
                .map(e -> e.path("text").asText())
                .toList();
    }
}
