package dev.gather.relay;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.delivery.HookedProfile;
import dev.gather.gathering.Effect;
import dev.gather.journal.Announcement;
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
 * A turn's words can close its gathering: the harvester's harvest closes it, and the close ends the
 * panes the gathering spawned. Those panes end only once the turn that closed it was heard whole, so
 * what that turn took (the harvest prompt) is confirmed, never failed as if its pane went mid-turn
 * (found by the count benchmark in CI, where the close ended the pane before the hook's confirmation).
 */
class HeardBeforeClosedTest {
    @TempDir
    Path home;

    private FakePanePost panes;
    private Relay relay;
    private Link link;
    private Member ada;
    private Member hal;
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
        hal = Member.inPane("Hal", 2, Role.HARVESTER, halPane);
        link = links.create("g-heard", "minimal", OptionalInt.empty(), List.of(ada, hal));
    }

    @AfterEach
    void stop() {
        panes.close();
    }

    @Test
    void aGatheringTheHarvestClosedEndsItsPanesOnlyOnceTheHarvestWasHeard() {
        // as the daemon wires a gathering: its close ends the panes it spawned (here Hal's)
        EffectRunner runner = new EffectRunner(
                relay, link, home.resolve("harvest.md"), () -> panes.post.gone(halPane), Duration.ofSeconds(20));
        relay.relay(link, ada, "the harvest prompt");
        await().atMost(Duration.ofSeconds(20)).until(() -> states().contains("delivered"));
        // Hal's words are the harvest: the gathering stores it, announces its close (held, as a digest
        // gathering does) and closes, all before the relay has told the post office of Hal's turn end
        relay.intercept(link.id(), (from, words, at) -> {
            runner.accept(new Effect.HarvestStored(from, words));
            runner.accept(new Effect.Announce(
                    Announcement.CLOSING,
                    "The minimal gathering has closed (harvest complete). Thank you.",
                    Optional.empty(),
                    Optional.empty(),
                    List.of(ada, hal)));
            runner.accept(new Effect.Closed("harvest complete"));
            return CompletableFuture.completedFuture(null);
        });

        relay.onTurnOutput(new TurnOutput(halPane, "claude", "the harvest", Instant.now(), Optional.empty()));

        assertEquals(List.of("typing", "typing", "delivered", "confirmed"), states(), () -> Transcript.read(
                        panes.journals.file("g-heard"))
                .toString());
        assertTrue(panes.post.status(halPane).isEmpty(), "the close ended Hal's pane, after its turn was heard");
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
