package dev.gather.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.gather.journal.JournalUnavailable;
import dev.gather.link.Fanout;
import dev.gather.link.Link;
import dev.gather.link.Links;
import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.turn.NotTakenYet;
import dev.gather.turn.TurnFilter;
import dev.gather.turn.TurnOutput;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A turn from the spool that its gathering's lane has not taken in time (the lane hangs) stays in the
 * spool until it is journalled, and is given to the gathering once however often the spool hands it
 * over again. Before, its file was deleted after the wait while the turn was still queued: a daemon
 * that died before the lane reached it lost the turn.
 */
class HungLaneTest {
    private static final String WORDS = "A first thought. I pass the piece.";

    @TempDir
    Path home;

    private FakePanePost panes;
    private Relay relay;
    private Link link;
    private TurnOutput turn;
    private final List<String> heard = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() {
        panes = new FakePanePost(home, Clock.systemUTC());
        Links links = new Links("t-");
        relay = new Relay(
                links,
                panes.journals,
                new Fanout(panes.post),
                TurnFilter.defaults(),
                new DirectRhythm("direct", OptionalInt.empty(), "", ""),
                RelayPort.NONE,
                Duration.ofMillis(50));
        String adaPane = panes.spawn("Ada");
        Member ada = Member.inPane("Ada", 1, Role.SPEAKER, adaPane);
        Member bo = Member.inPane("Bo", 2, Role.SPEAKER, panes.spawn("Bo"));
        link = links.create("g-hung", "minimal", OptionalInt.empty(), List.of(ada, bo));
        turn = new TurnOutput(adaPane, "sim", WORDS, Instant.now(), Optional.empty());
    }

    @AfterEach
    void stop() {
        panes.close();
    }

    @Test
    void aTurnTheLaneHasNotTakenStaysInTheSpoolAndIsHeardOnce() {
        CompletableFuture<Void> lane = new CompletableFuture<>();
        relay.intercept(link.id(), (from, words, at) -> {
            heard.add(words);
            return lane;
        });
        assertThrows(NotTakenYet.class, () -> relay.onSpooledTurn(turn), "the spool keeps its file");
        assertThrows(NotTakenYet.class, () -> relay.onSpooledTurn(turn), "still queued when handed again");
        lane.complete(null);
        relay.onSpooledTurn(turn); // taken: the spool deletes its file
        assertEquals(List.of(WORDS), heard, "given to the gathering once");
    }

    @Test
    void aTurnWhoseQueuedHandingTheJournalRefusedIsHandedAnew() {
        CompletableFuture<Void> lane = new CompletableFuture<>();
        relay.intercept(link.id(), (from, words, at) -> {
            heard.add(words);
            return heard.size() == 1 ? lane : CompletableFuture.completedFuture(null);
        });
        assertThrows(NotTakenYet.class, () -> relay.onSpooledTurn(turn));
        lane.completeExceptionally(new JournalUnavailable("g-hung", "No space left on device", null));
        assertThrows(JournalUnavailable.class, () -> relay.onSpooledTurn(turn), "kept until the journal takes it");
        relay.onSpooledTurn(turn);
        assertEquals(List.of(WORDS, WORDS), heard, "the refused handing was not journalled: handed again");
    }
}
