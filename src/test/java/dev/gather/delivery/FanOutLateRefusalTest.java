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
import dev.gather.profile.Profile;
import dev.gather.profile.Profiles;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.DeliveryResult;
import dev.gather.tmux.FakeTmux;
import dev.gather.tmux.HarnessQuirks;
import dev.gather.tmux.SpawnSpec;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fan-out hands the same attributed words to every other member. Two Claude members take them
 * through their messaging sockets; Ada's Claude then refuses its copy after the receipt window. That
 * refusal is about Ada's letter only: Bo's Claude has Bo's copy queued, so Bo's must never be typed
 * as well (its model would get the words twice).
 */
class FanOutLateRefusalTest {
    private static final String TOKEN = "ee71ec63611aa359010032afd776127a";
    private static final String WORDS = "[Cy] (3): the same words for everyone";

    @TempDir
    Path dir;

    final FakeTmux tmux = new FakeTmux().program("claude", FakeTmux.CAT);
    final List<String> steps = new CopyOnWriteArrayList<>();
    FakeClaudeInbox adasClaude;
    FakeClaudeInbox bosClaude;
    ClaudeDoors doors;
    Deliverer deliverer;
    PostOffice post;
    String ada;
    String bo;

    @BeforeEach
    void start() throws Exception {
        // one sockets directory, as Claude keeps them: both sessions answer into gather's one inbox there
        adasClaude = new FakeClaudeInbox(dir.resolve("1001.sock"));
        bosClaude = new FakeClaudeInbox(dir.resolve("1002.sock"));
        ada = tmux.spawn(SpawnSpec.of("Ada", Path.of("."), "claude")).id();
        bo = tmux.spawn(SpawnSpec.of("Bo", Path.of("."), "claude")).id();
        Map<String, Path> sockets = Map.of(ada, adasClaude.socket, bo, bosClaude.socket);
        doors = new ClaudeDoors(
                pane -> Optional.ofNullable(sockets.get(pane)).map(s -> new ClaudeMessaging(s, TOKEN)),
                late -> {},
                new ClaudeSocketDoor.Timing(Duration.ofSeconds(2), Duration.ofMillis(200)));
        deliverer = new Deliverer(tmux, HarnessQuirks.GENERIC);
        post = new PostOffice(
                tmux,
                deliverer,
                Profiles.shipped(),
                Clock.systemUTC(),
                (letter, pane, state, detail) -> steps.add(pane + ":" + state.word() + ":" + detail),
                new Port() {
                    @Override
                    public void turnEnded(String pane, String how) {
                        doors.traces().turnEnded(pane, how);
                    }
                },
                Doors.none());
        Profile hooked = HookedProfile.load(dir, "2m");
        post.started(ada, hooked);
        post.started(bo, hooked);
        post.doors().register("hooked", doors);
    }

    @AfterEach
    void stop() throws Exception {
        post.close();
        deliverer.close();
        doors.close();
        adasClaude.close();
        bosClaude.close();
    }

    @Test
    void oneMembersLateRefusalDoesNotTypeAnotherMembersQueuedCopy() throws Exception {
        CompletableFuture<DeliveryResult> toAda = post.post(ada, new Letter("g", 7, "Ada", WORDS));
        CompletableFuture<DeliveryResult> toBo = post.post(bo, new Letter("g", 7, "Bo", WORDS));
        await().atMost(Duration.ofSeconds(10)).until(() -> handed(ada) && handed(bo));

        // Ada's Claude refuses its copy, later than the door's receipt window
        JsonNode adasCopy = adasClaude.lines.get(adasClaude.lines.size() - 1);
        adasClaude.receipt(adasCopy, new FakeClaudeInbox.Answer("expired", "refused", "crossSessionInbound is refuse"));
        await().atMost(Duration.ofSeconds(10))
                .until(() -> tmux.pane(ada).submitted().contains(WORDS));
        assertInstanceOf(DeliveryResult.Delivered.class, toAda.join(), "Ada's refused copy is typed instead");

        // Bo's Claude starts the turn its queued copy asked for: that is Bo's delivery
        doors.traces().prompt(bo, WORDS::equals, "Claude started a turn with it (UserPromptSubmit)");
        DeliveryResult toBoResult = toBo.get(10, TimeUnit.SECONDS);

        assertEquals(List.of(), tmux.pane(bo).submitted(), "Bo's copy was typed although Bo's Claude had it: " + steps);
        DeliveryResult.Delivered delivered =
                assertInstanceOf(DeliveryResult.Delivered.class, toBoResult, toBoResult.toString());
        assertTrue(delivered.confirmedBy().contains(ClaudeSocketDoor.NAME), delivered.confirmedBy());
    }

    private boolean handed(String pane) {
        return steps.stream().anyMatch(s -> s.startsWith(pane + ":" + DeliveryState.HANDED.word() + ":"));
    }
}
