package dev.gather.relay;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gather.delivery.HookedProfile;
import dev.gather.journal.Transcript;
import dev.gather.link.Link;
import dev.gather.link.Links;
import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.turn.TurnOutput;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A turn's words can end the member's pane before anything else runs: the harvester's harvest closes
 * the gathering, whose close ends the panes it spawned. What that turn took (the harvest prompt) was
 * heard: it is confirmed by the turn's end, never failed as if the pane went mid-turn (found by the
 * count benchmark in CI, where the pane's end overtook the hook's confirmation).
 */
class HeardBeforeClosedTest {
    @TempDir
    Path home;

    private FakePanePost panes;
    private Relay relay;
    private Link link;
    private Member ada;
    private String halPane;

    @BeforeEach
    void start() throws IOException {
        panes = new FakePanePost(home, Clock.systemUTC());
        Links links = new Links("t-");
        relay = panes.relay(links);
        ada = Member.inPane("Ada", 1, Role.SPEAKER, panes.spawn("Ada"));
        halPane = panes.spawn("Hal");
        // Hal reports its turns by a hook: busy with what it took until it says its turn ended
        panes.post.started(halPane, HookedProfile.load(home, "2m"));
        Member hal = Member.inPane("Hal", 2, Role.HARVESTER, halPane);
        link = links.create("g-heard", "minimal", OptionalInt.empty(), List.of(ada, hal));
    }

    @AfterEach
    void stop() {
        panes.close();
    }

    @Test
    void theTurnWhoseWordsEndThePaneConfirmsWhatItTook() {
        relay.relay(link, ada, "the harvest prompt");
        await().atMost(Duration.ofSeconds(20)).until(() -> states().contains("delivered"));
        // as the gathering does: Hal's words close it, and the close ends Hal's pane, before the hook returns
        relay.intercept(link.id(), (from, words) -> {
            panes.post.gone(halPane);
            return CompletableFuture.completedFuture(null);
        });

        relay.onTurnOutput(new TurnOutput(halPane, "claude", "the harvest", Instant.now(), Optional.empty()));

        assertEquals(List.of("typing", "typing", "delivered", "confirmed"), states(), () -> Transcript.read(
                        panes.journals.file("g-heard"))
                .toString());
    }

    /** Hal's delivery steps of the one message it was sent, in order. */
    private List<String> states() {
        return Transcript.read(panes.journals.file("g-heard")).stream()
                .filter(e -> e.path("kind").asText().equals("delivery"))
                .filter(e -> e.path("to").asText().equals("Hal"))
                .map(e -> e.path("state").asText())
                .toList();
    }
}
