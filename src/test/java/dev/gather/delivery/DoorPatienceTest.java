package dev.gather.delivery;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.door.Door;
import dev.gather.door.Handover;
import dev.gather.door.Opening;
import dev.gather.testing.Slow;
import dev.gather.tmux.DeliveryResult;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * A handed message not seen taken is waited for within bounds: looked for in the harness's own record
 * when its wait runs out, and typed once only where that record shows the harness never had it.
 */
@Slow
class DoorPatienceTest extends HarnessDoorCase {
    @Override
    Duration doorPatience() {
        return Duration.ofMillis(300);
    }

    private FakeDoor patientlyHanded(Door.Whereabouts.Kind kind, String how) {
        FakeDoor door = new FakeDoor(t -> new Handover.Handed("queued"), true);
        door.where = new Door.Whereabouts(kind, how);
        doors(p -> new Opening.Open(door));
        return door;
    }

    @Test
    void aHandedMessageTheHarnessNeverHadIsTypedOnceWhenItsWaitRunsOut() {
        FakeDoor door = patientlyHanded(Door.Whereabouts.Kind.MISSING, "its transcript has no trace of it");
        CompletableFuture<DeliveryResult> sent = post.post(pane.id(), new Letter("j", 1, "Bo", "lost words"));

        assertInstanceOf(DeliveryResult.Delivered.class, sent.join());
        Step fallback = steps.stream()
                .filter(s -> s.state() == DeliveryState.QUEUED)
                .findFirst()
                .orElseThrow();
        assertTrue(
                fallback.detail().startsWith("keystrokes instead: fake-door not seen taken within 300 ms"),
                fallback.detail());
        assertTrue(fallback.detail().endsWith("its transcript has no trace of it"), fallback.detail());
        assertEquals(List.of("lost words"), tmux.pane(pane.id()).submitted());
        // a hook that comes now is too late to count: the message was typed, once
        door.traces.get(0).taken().complete("late hook");
        assertEquals(
                1,
                statesOf(1).stream().filter(DeliveryState.DELIVERED::equals).count(),
                statesOf(1).toString());
    }

    @Test
    void aMessageStillInTheHarnesssQueueWaitsJournalledOnceAndIsNeverTyped() {
        FakeDoor door = patientlyHanded(Door.Whereabouts.Kind.WAITING, "its transcript shows it queued");
        CompletableFuture<DeliveryResult> sent = post.post(pane.id(), new Letter("j", 1, "Bo", "queued words"));
        await().atMost(Duration.ofSeconds(10)).until(() -> door.asked.get() >= 3);

        assertFalse(sent.isDone());
        List<Step> handed =
                steps.stream().filter(s -> s.state() == DeliveryState.HANDED).toList();
        assertEquals(2, handed.size(), handed.toString());
        assertTrue(
                handed.get(1).detail().endsWith("waits on: its transcript shows it queued"),
                handed.get(1).detail());
        door.traces.get(0).taken().complete("the prompt hook");
        assertInstanceOf(DeliveryResult.Delivered.class, sent.join());
        assertTrue(tmux.pane(pane.id()).submitted().isEmpty(), "nothing was typed");
    }

    @Test
    void aMessageTheHarnessesRecordShowsTakenIsDeliveredThoughItsHookWasNotSeen() {
        FakeDoor door = patientlyHanded(Door.Whereabouts.Kind.TAKEN, "its transcript shows it as a turn's prompt");
        CompletableFuture<DeliveryResult> sent = post.post(pane.id(), new Letter("j", 1, "Bo", "taken words"));

        DeliveryResult.Delivered d = assertInstanceOf(DeliveryResult.Delivered.class, sent.join());
        assertTrue(d.confirmedBy().contains("its transcript shows it as a turn's prompt"), d.confirmedBy());
        door.traces.get(0).ended().complete("its turn ended");
        await().atMost(Duration.ofSeconds(5)).until(() -> statesOf(1)
                .equals(List.of(DeliveryState.HANDED, DeliveryState.DELIVERED, DeliveryState.CONFIRMED)));
        assertTrue(tmux.pane(pane.id()).submitted().isEmpty(), "nothing was typed");
    }

    @Test
    void aHeldMessageWaitsForItsPersonHoweverLong() {
        FakeDoor door = new FakeDoor(t -> new Handover.Held("held for the user's approval"), true);
        door.where = new Door.Whereabouts(Door.Whereabouts.Kind.MISSING, "not in its transcript");
        doors(p -> new Opening.Open(door));
        CompletableFuture<DeliveryResult> sent = post.post(pane.id(), new Letter("j", 1, "Bo", "held words"));
        await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(5)).until(() -> !sent.isDone());
        assertEquals(0, door.asked.get(), "a hold is not looked for: its person decides");
        assertTrue(tmux.pane(pane.id()).submitted().isEmpty());
    }

    @Test
    void aMessageTheHarnessDeclinesAfterTheHandoverIsTypedOnce() {
        FakeDoor door = new FakeDoor(t -> new Handover.Handed("queued"), true);
        doors(p -> new Opening.Open(door));
        CompletableFuture<DeliveryResult> sent = post.post(pane.id(), new Letter("j", 1, "Bo", "dropped words"));
        await().atMost(Duration.ofSeconds(5)).until(() -> door.traces.size() == 1);

        door.traces.get(0).taken().completeExceptionally(new Door.Declined("Claude dropped it: rate-limited"));

        assertInstanceOf(DeliveryResult.Delivered.class, sent.join());
        assertEquals(List.of("dropped words"), tmux.pane(pane.id()).submitted());
        assertTrue(
                steps.stream().anyMatch(s -> s.detail()
                        .equals("keystrokes instead: fake-door: Claude dropped it: rate-limited")),
                steps.toString());
    }

    @Test
    void whileATurnRunsAMessageMissingFromTheHarnesssRecordWaitsAndIsNotTyped() {
        FakeDoor door = patientlyHanded(Door.Whereabouts.Kind.MISSING, "its transcript has no trace of it");
        // the first words started the turn: the record says so, should their wait run out first (a slow machine)
        door.whereOf.put(
                "starts a turn", new Door.Whereabouts(Door.Whereabouts.Kind.TAKEN, "its transcript shows the turn"));
        post.post(pane.id(), new Letter("j", 1, "Bo", "starts a turn"));
        await().atMost(Duration.ofSeconds(5)).until(() -> door.traces.size() == 1);
        door.traces.get(0).taken().complete("the prompt hook"); // its turn runs on (a dialog waits for a person)
        CompletableFuture<DeliveryResult> second = post.post(pane.id(), new Letter("j", 2, "Bo", "queued behind it"));
        await().atMost(Duration.ofSeconds(10)).until(() -> steps.stream()
                .anyMatch(s -> s.ref() == 2 && s.detail().contains("waits on: a turn still running")));

        assertFalse(second.isDone());
        assertTrue(tmux.pane(pane.id()).submitted().isEmpty(), "nothing was typed");
    }
}
