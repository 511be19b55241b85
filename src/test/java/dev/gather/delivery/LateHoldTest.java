package dev.gather.delivery;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.door.ClaudeDoors;
import dev.gather.door.ClaudeMessaging;
import dev.gather.door.ClaudeSocketDoor;
import dev.gather.door.Doors;
import dev.gather.door.FakeClaudeInbox;
import dev.gather.profile.Profiles;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.DeliveryResult;
import dev.gather.tmux.FakeTmux;
import dev.gather.tmux.HarnessQuirks;
import dev.gather.tmux.SpawnSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A loaded Claude answers a hold after the door's receipt window, so the door said handed. The hold
 * decides all the same: the letter waits for Claude's person however long, and is never typed as well
 * (its transcript shows no trace of a held message, which the door's patience took for a message
 * Claude never had, and typed it: once the person approved, the model got the words twice).
 */
class LateHoldTest {
    private static final String TOKEN = "ee71ec63611aa359010032afd776127a";
    private static final String WORDS = "[Cy] (3): words Claude keeps for its person";
    private static final Duration PATIENCE = Duration.ofMillis(300);

    @TempDir
    Path dir;

    final FakeTmux tmux = new FakeTmux().program("claude", FakeTmux.CAT);
    final List<String> steps = new CopyOnWriteArrayList<>();
    FakeClaudeInbox adasClaude;
    ClaudeDoors doors;
    Deliverer deliverer;
    PostOffice post;
    String ada;

    @BeforeEach
    void start() throws Exception {
        adasClaude = new FakeClaudeInbox(dir.resolve("1001.sock"));
        ada = tmux.spawn(SpawnSpec.of("Ada", Path.of("."), "claude")).id();
        Path transcript = Files.writeString(dir.resolve("session.jsonl"), "");
        doors = new ClaudeDoors(
                        pane -> Optional.of(new ClaudeMessaging(adasClaude.socket, TOKEN)),
                        late -> {},
                        new ClaudeSocketDoor.Timing(Duration.ofSeconds(2), Duration.ofMillis(200)))
                .transcripts(pane -> Optional.of(transcript));
        deliverer = new Deliverer(tmux, HarnessQuirks.GENERIC);
        post = new PostOffice(
                tmux,
                deliverer,
                Profiles.shipped(),
                Clock.systemUTC(),
                (letter, pane, state, detail) -> steps.add(state.word() + ": " + detail),
                new Port() {
                    @Override
                    public void turnEnded(String pane, String how) {
                        doors.traces().turnEnded(pane, how);
                    }
                },
                Doors.none(),
                PATIENCE);
        post.started(ada, HookedProfile.load(dir, "2m"));
        post.doors().register("hooked", doors);
    }

    @AfterEach
    void stop() throws Exception {
        post.close();
        deliverer.close();
        doors.close();
        adasClaude.close();
    }

    @Test
    void aHoldThatComesAfterTheHandoverWaitsForThePersonAndIsNeverTyped() throws Exception {
        CompletableFuture<DeliveryResult> toAda = post.post(ada, new Letter("g", 7, "Ada", WORDS));
        await().atMost(Duration.ofSeconds(10)).until(() -> stepped(DeliveryState.HANDED));

        JsonNode copy = adasClaude.lines.get(adasClaude.lines.size() - 1);
        adasClaude.receipt(copy, new FakeClaudeInbox.Answer("held", "", "held for the recipient user's approval"));
        await().atMost(Duration.ofSeconds(10)).until(() -> stepped(DeliveryState.HELD));
        assertTrue(note().contains("held"), note());

        // many of the door's patiences pass: the person has not decided, and nothing is typed
        await().during(PATIENCE.multipliedBy(5))
                .atMost(PATIENCE.multipliedBy(10))
                .until(() -> tmux.pane(ada).submitted().isEmpty() && !toAda.isDone());

        // the person approves: Claude releases it and starts a turn with it, which is its delivery
        adasClaude.receipt(copy, new FakeClaudeInbox.Answer("delivered", "", "approved"));
        doors.traces().prompt(ada, WORDS::equals, "Claude started a turn with it (UserPromptSubmit)");
        DeliveryResult.Delivered delivered =
                assertInstanceOf(DeliveryResult.Delivered.class, toAda.get(10, TimeUnit.SECONDS));
        assertTrue(delivered.confirmedBy().contains(ClaudeSocketDoor.NAME), delivered.confirmedBy());
        assertEquals(List.of(), tmux.pane(ada).submitted(), "typed as well as held: " + steps);
    }

    private boolean stepped(DeliveryState state) {
        return steps.stream().anyMatch(s -> s.startsWith(state.word() + ":"));
    }

    private String note() {
        return post.status(ada).flatMap(ChannelStatus::note).orElse("");
    }
}
