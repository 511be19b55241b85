package dev.gather.delivery;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gather.door.Handover;
import dev.gather.door.Opening;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A turn's end is heard in two halves: what the turn took is confirmed at once, the member turns idle
 * once its words went out. A letter a harness's door saw taken is confirmed by the first half, so a
 * pane that ends right after (its words closed the gathering) fails nothing it had heard.
 */
class HeardDoorLetterTest extends HarnessDoorCase {
    @Test
    void aTakenDoorLetterIsConfirmedByTheHeardHalfBeforeThePaneGoes() {
        FakeDoor door = new FakeDoor(t -> new Handover.Handed("queued"), true);
        doors(p -> new Opening.Open(door));
        // as Claude's door does: a turn end ends the traces of what its turns took
        turnEnds = how -> door.traces.stream().filter(t -> t.taken().isDone()).forEach(t -> t.ended()
                .complete(how));
        post.post(pane.id(), new Letter("j", 1, "Hal", "the harvest prompt"));
        await().atMost(Duration.ofSeconds(5)).until(() -> door.traces.size() == 1);
        door.traces.get(0).taken().complete("its transcript shows it");
        await().atMost(Duration.ofSeconds(5)).until(() -> statesOf(1).contains(DeliveryState.DELIVERED));

        post.heard(pane.id(), Optional.empty(), "turn-end hook", Optional.empty());
        post.gone(pane.id());
        post.settled(pane.id(), "turn-end hook", Optional.empty());

        assertEquals(
                List.of(DeliveryState.HANDED, DeliveryState.DELIVERED, DeliveryState.CONFIRMED),
                statesOf(1),
                steps::toString);
    }
}
