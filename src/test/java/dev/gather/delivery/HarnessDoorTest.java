package dev.gather.delivery;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.door.Door;
import dev.gather.door.Doors;
import dev.gather.door.Handover;
import dev.gather.door.Opening;
import dev.gather.tmux.DeliveryResult;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A member whose harness has a door gets its messages through it, with receipts the harness's own
 * evidence backs (handed, taken, confirmed); a door that is absent, refuses or fails hands them to the
 * keystroke path, journalled, each message once.
 */
class HarnessDoorTest extends HarnessDoorCase {
    @Test
    void aDoorMessageIsDeliveredOnlyOnceTheHarnessShowsATurnCarryingIt() {
        FakeDoor door = new FakeDoor(t -> new Handover.Handed("queued"), true);
        doors(p -> new Opening.Open(door));
        CompletableFuture<DeliveryResult> sent = post.post(pane.id(), new Letter("j", 1, "Bo", "hello bo"));
        await().atMost(Duration.ofSeconds(5)).until(() -> door.traces.size() == 1);

        assertEquals(List.of(DeliveryState.HANDED), statesOf(1), "the door's ok is only 'handed'");
        assertFalse(sent.isDone(), "not delivered on a bare ok");
        ChannelStatus handed = post.status(pane.id()).orElseThrow();
        assertEquals("fake-door", handed.door());
        assertEquals(1, handed.handed().size());

        door.traces.get(0).taken().complete("its transcript shows it");
        DeliveryResult.Delivered d = assertInstanceOf(DeliveryResult.Delivered.class, within(sent));
        assertTrue(d.confirmedBy().contains("its transcript shows it"), d.confirmedBy());
        door.traces.get(0).ended().complete("its turn ended");
        await().atMost(Duration.ofSeconds(5)).until(() -> statesOf(1)
                .equals(List.of(DeliveryState.HANDED, DeliveryState.DELIVERED, DeliveryState.CONFIRMED)));
        assertTrue(tmux.pane(pane.id()).submitted().isEmpty(), "nothing was typed");
    }

    @Test
    void messagesWaitBehindOneNotYetTakenAndGoInOrder() {
        FakeDoor door = new FakeDoor(t -> new Handover.Handed("queued"), true);
        doors(p -> new Opening.Open(door));
        post.post(pane.id(), new Letter("j", 1, "Bo", "one"));
        post.post(pane.id(), new Letter("j", 2, "Bo", "two"));
        await().atMost(Duration.ofSeconds(5)).until(() -> door.traces.size() == 1);
        assertEquals(List.of("one"), door.handed);
        door.traces.get(0).taken().complete("seen");
        await().atMost(Duration.ofSeconds(5)).until(() -> door.handed.equals(List.of("one", "two")));
    }

    @Test
    void aRefusingDoorFallsBackToKeystrokesVisiblyAndEachMessageArrivesOnce() {
        FakeDoor door = new FakeDoor(t -> new Handover.Refused("no such thread"), true);
        doors(p -> new Opening.Open(door));
        CompletableFuture<DeliveryResult> first = post.post(pane.id(), new Letter("j", 1, "Bo", "first words"));
        CompletableFuture<DeliveryResult> second = post.post(pane.id(), new Letter("j", 2, "Bo", "second words"));

        assertInstanceOf(DeliveryResult.Delivered.class, within(first));
        assertInstanceOf(DeliveryResult.Delivered.class, within(second));
        await().atMost(Duration.ofSeconds(5))
                .until(() -> tmux.pane(pane.id()).submitted().equals(List.of("first words", "second words")));
        Step fallback = steps.stream().filter(s -> s.ref() == 1).findFirst().orElseThrow();
        assertEquals(DeliveryState.QUEUED, fallback.state());
        assertTrue(
                fallback.detail().contains("keystrokes instead: fake-door refused: no such thread"), fallback.detail());
        assertTrue(statesOf(1).contains(DeliveryState.TYPING), "typed: " + statesOf(1));
        assertTrue(
                post.status(pane.id()).orElseThrow().note().orElse("").contains("typed instead until"),
                "status says the door rests");
        assertTrue(door.handed.isEmpty());
    }

    @Test
    void aLetterBehindOneTypedInsteadWaitsInTheOneQueueThenGoesThroughTheDoor() {
        // what was typed when the door was handed each parcel: it must never overtake a letter before it
        List<List<String>> typedBeforeHanding = new CopyOnWriteArrayList<>();
        FakeDoor door = new FakeDoor(
                t -> {
                    typedBeforeHanding.add(List.copyOf(tmux.pane(pane.id()).submitted()));
                    return t.equals("first words")
                            ? new Handover.Declined("a repeat it drops unread")
                            : new Handover.Handed("queued");
                },
                false);
        doors(p -> new Opening.Open(door));
        CompletableFuture<DeliveryResult> first = post.post(pane.id(), new Letter("j", 1, "Bo", "first words"));
        CompletableFuture<DeliveryResult> second = post.post(pane.id(), new Letter("j", 2, "Bo", "second words"));

        assertInstanceOf(DeliveryResult.Delivered.class, within(first));
        await().atMost(Duration.ofSeconds(5)).until(() -> door.handed.equals(List.of("second words")));
        assertEquals(List.of("first words"), tmux.pane(pane.id()).submitted(), "only the declined one is typed");
        assertEquals(List.of(List.of(), List.of("first words")), typedBeforeHanding, "handed only once it was typed");
        assertFalse(second.isDone(), "handed, not yet taken");
        // a turn that ends before the door's answer is taken in could not carry the letter
        post.finishTyping(Duration.ofSeconds(10));
        post.turnEnded(pane.id(), Optional.empty(), "hook");
        assertInstanceOf(DeliveryResult.Delivered.class, within(second));
    }

    @Test
    void closingFailsTheLetterInTheDoorAndThoseQueuedBehindIt() {
        FakeDoor door = new FakeDoor(t -> new Handover.Handed("queued"), true);
        doors(p -> new Opening.Open(door));
        CompletableFuture<DeliveryResult> handed = post.post(pane.id(), new Letter("j", 1, "Bo", "in the door"));
        CompletableFuture<DeliveryResult> queued = post.post(pane.id(), new Letter("j", 2, "Bo", "behind it"));
        await().atMost(Duration.ofSeconds(5)).until(() -> door.traces.size() == 1);

        post.close();
        assertInstanceOf(DeliveryResult.Failed.class, within(handed));
        assertInstanceOf(DeliveryResult.Failed.class, within(queued));
        assertEquals(List.of("in the door"), door.handed, "nothing more is handed once closed");
    }

    @Test
    void thePortHearsEachStepOfALetterThroughTheDoorAndThroughKeystrokes() {
        FakeDoor door = new FakeDoor(
                t -> t.equals("typed words") ? new Handover.Declined("not this one") : new Handover.Handed("queued"),
                true);
        doors(p -> new Opening.Open(door));
        CompletableFuture<DeliveryResult> handed = post.post(pane.id(), new Letter("j", 1, "Bo", "door words"));
        await().atMost(Duration.ofSeconds(5)).until(() -> door.traces.size() == 1);
        door.traces.get(0).taken().complete("its transcript shows it");
        within(handed);
        within(post.post(pane.id(), new Letter("j", 2, "Bo", "typed words")));
        post.gone(pane.id());

        assertEquals(
                List.of(
                        "typing door words",
                        "handed 1 to fake-door",
                        "taken 1",
                        // told before the door is asked (its echo may show at once), then before it is typed
                        "typing typed words",
                        "typing typed words",
                        "taken 2",
                        "gone"),
                told);
    }

    @Test
    void aDoorWhoseFutureBreaksIsAFailedDoorAndTheQueueBehindItMovesOn() {
        Door broken = new ScriptedDoor(
                "broken-door", p -> CompletableFuture.failedFuture(new IllegalStateException("a bug in the door")));
        doors(p -> new Opening.Open(broken));
        CompletableFuture<DeliveryResult> first = post.post(pane.id(), new Letter("j", 1, "Bo", "first words"));
        CompletableFuture<DeliveryResult> second = post.post(pane.id(), new Letter("j", 2, "Bo", "second words"));

        assertInstanceOf(DeliveryResult.Delivered.class, within(first));
        assertInstanceOf(DeliveryResult.Delivered.class, within(second));
        Step fallback = steps.stream().filter(s -> s.ref() == 1).findFirst().orElseThrow();
        assertTrue(fallback.detail().contains("broken-door failed: it broke"), fallback.detail());
    }

    @Test
    void aDoorIsHandedTheLettersReferenceWithItsWords() {
        FakeDoor door = new FakeDoor(t -> new Handover.Handed("queued"), true);
        doors(p -> new Opening.Open(door));
        post.post(pane.id(), new Letter("g7", 12, "Bo", "hello bo"));
        await().atMost(Duration.ofSeconds(5)).until(() -> door.refs.size() == 1);
        assertEquals("g7#12 to Bo in " + pane.id(), door.refs.get(0));
    }

    @Test
    void anAbsentDoorIsTypedIntoWithTheReasonJournalled() {
        doors(p -> new Opening.Absent("fake-door", "no thread known yet"));
        assertInstanceOf(
                DeliveryResult.Delivered.class, within(post.post(pane.id(), new Letter("j", 1, "Bo", "typed words"))));
        assertEquals(
                "keystrokes instead: fake-door not open: no thread known yet",
                steps.get(0).detail());
        assertEquals(Doors.KEYSTROKES, post.status(pane.id()).orElseThrow().door());
    }

    @Test
    void withoutATranscriptTheNextTurnEndStandsInForTakenAndConfirmed() {
        FakeDoor door = new FakeDoor(t -> new Handover.Handed("sent"), false);
        doors(p -> new Opening.Open(door));
        CompletableFuture<DeliveryResult> sent = post.post(pane.id(), new Letter("j", 1, "Bo", "hi"));
        await().atMost(Duration.ofSeconds(5)).until(() -> statesOf(1).equals(List.of(DeliveryState.HANDED)));
        assertFalse(sent.isDone());
        post.finishTyping(Duration.ofSeconds(10));
        post.turnEnded(pane.id(), Optional.empty(), "hook");
        assertInstanceOf(DeliveryResult.Delivered.class, within(sent));
        assertEquals(List.of(DeliveryState.HANDED, DeliveryState.DELIVERED, DeliveryState.CONFIRMED), statesOf(1));
    }

    /** How {@code f} ended, in a bounded time: a letter left waiting fails the test rather than hang the run. */
    private static DeliveryResult within(CompletableFuture<DeliveryResult> f) {
        return f.orTimeout(10, TimeUnit.SECONDS).join();
    }
}
