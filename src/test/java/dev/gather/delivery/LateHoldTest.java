package dev.gather.delivery;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.door.ClaudeSocketDoor;
import dev.gather.door.FakeClaudeInbox;
import dev.gather.tmux.DeliveryResult;
import java.nio.file.Files;
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
 * A loaded Claude answers a hold after the door's receipt window, so the door said handed. The hold
 * decides all the same: the letter waits for Claude's person however long, and is never typed as well
 * (its transcript shows no trace of a held message, which the door's patience took for a message
 * Claude never had, and typed it: once the person approved, the model got the words twice).
 */
class LateHoldTest {
    private static final String WORDS = "[Cy] (3): words Claude keeps for its person";
    private static final Duration PATIENCE = Duration.ofSeconds(1);

    @TempDir
    Path dir;

    ClaudePost c;

    @BeforeEach
    void start() throws Exception {
        Path transcript = Files.writeString(dir.resolve("session.jsonl"), "");
        c = new ClaudePost(dir, PATIENCE, Optional.of(transcript), "Ada");
    }

    @AfterEach
    void stop() throws Exception {
        c.close();
    }

    @Test
    void aHoldThatComesAfterTheHandoverWaitsForThePersonAndIsNeverTyped() throws Exception {
        String ada = c.pane("Ada");
        FakeClaudeInbox adasClaude = c.claude("Ada");
        // the door says handed: the test hears it at once (not at its next poll) and Claude holds it
        CompletableFuture<JsonNode> handed = new CompletableFuture<>();
        c.onStep((letter, pane, state, detail) -> {
            if (state == DeliveryState.HANDED) {
                handed.complete(adasClaude.lines.get(adasClaude.lines.size() - 1));
            }
        });
        CompletableFuture<DeliveryResult> toAda = c.post.post(ada, new Letter("g", 7, "Ada", WORDS));
        JsonNode copy = handed.get(10, TimeUnit.SECONDS);
        adasClaude.receipt(copy, new FakeClaudeInbox.Answer("held", "", "held for the recipient user's approval"));
        await().atMost(Duration.ofSeconds(10)).until(() -> c.stepped("Ada", DeliveryState.HELD));
        String note = c.post.status(ada).flatMap(ChannelStatus::note).orElse("");
        assertTrue(note.contains("held"), note);

        // many of the door's patiences pass: the person has not decided, and nothing is typed
        await().during(PATIENCE.multipliedBy(3))
                .atMost(PATIENCE.multipliedBy(6))
                .until(() -> c.tmux.pane(ada).submitted().isEmpty() && !toAda.isDone());

        // the person approves: Claude releases it and starts a turn with it, which is its delivery
        adasClaude.receipt(copy, new FakeClaudeInbox.Answer("delivered", "", "approved"));
        c.doors.traces().prompt(ada, WORDS::equals, "Claude started a turn with it (UserPromptSubmit)");
        DeliveryResult.Delivered delivered =
                assertInstanceOf(DeliveryResult.Delivered.class, toAda.get(10, TimeUnit.SECONDS));
        assertTrue(delivered.confirmedBy().contains(ClaudeSocketDoor.NAME), delivered.confirmedBy());
        assertEquals(List.of(), c.tmux.pane(ada).submitted(), "typed as well as held: " + c.steps);
    }
}
