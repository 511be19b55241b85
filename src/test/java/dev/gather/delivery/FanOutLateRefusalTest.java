package dev.gather.delivery;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.door.ClaudeSocketDoor;
import dev.gather.door.FakeClaudeInbox;
import dev.gather.tmux.DeliveryResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
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
    private static final String WORDS = "[Cy] (3): the same words for everyone";

    @TempDir
    Path dir;

    ClaudePost c;

    @BeforeEach
    void start() throws Exception {
        c = new ClaudePost(dir, DoorPatience.DEFAULT, Optional.empty(), "Ada", "Bo");
    }

    @AfterEach
    void stop() throws Exception {
        c.close();
    }

    @Test
    void oneMembersLateRefusalDoesNotTypeAnotherMembersQueuedCopy() throws Exception {
        String ada = c.pane("Ada");
        String bo = c.pane("Bo");
        CompletableFuture<DeliveryResult> toAda = c.post.post(ada, new Letter("g", 7, "Ada", WORDS));
        CompletableFuture<DeliveryResult> toBo = c.post.post(bo, new Letter("g", 7, "Bo", WORDS));
        await().atMost(Duration.ofSeconds(10))
                .until(() -> c.stepped("Ada", DeliveryState.HANDED) && c.stepped("Bo", DeliveryState.HANDED));

        // Ada's Claude refuses its copy, later than the door's receipt window
        FakeClaudeInbox adasClaude = c.claude("Ada");
        JsonNode adasCopy = adasClaude.lines.get(adasClaude.lines.size() - 1);
        adasClaude.receipt(adasCopy, new FakeClaudeInbox.Answer("expired", "refused", "crossSessionInbound is refuse"));
        await().atMost(Duration.ofSeconds(10))
                .until(() -> c.tmux.pane(ada).submitted().contains(WORDS));
        assertInstanceOf(DeliveryResult.Delivered.class, toAda.join(), "Ada's refused copy is typed instead");

        // Bo's Claude starts the turn its queued copy asked for: that is Bo's delivery
        c.doors.traces().prompt(bo, WORDS::equals, "Claude started a turn with it (UserPromptSubmit)");
        DeliveryResult toBoResult = toBo.get(10, TimeUnit.SECONDS);

        assertEquals(
                List.of(), c.tmux.pane(bo).submitted(), "Bo's copy was typed although Bo's Claude had it: " + c.steps);
        DeliveryResult.Delivered delivered =
                assertInstanceOf(DeliveryResult.Delivered.class, toBoResult, toBoResult.toString());
        assertTrue(delivered.confirmedBy().contains(ClaudeSocketDoor.NAME), delivered.confirmedBy());
    }
}
