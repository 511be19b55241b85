package dev.gather.delivery;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.door.Door;
import dev.gather.door.Handover;
import dev.gather.door.Opening;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Codex's door learns that a turn took its letter by reading Codex's transcript, every 100 ms; Codex's
 * notify of the turn's end can come first. A gathering judges that end by the letters the turn took:
 * read before the door's next look, the piece's own letter still seemed waiting and the holder's
 * words were journalled as out of turn (the count bench lost a number). The post office reads the
 * door's evidence on demand, on the caller's thread, before the end is judged.
 */
class LookAtTurnEndTest {
    @TempDir
    Path dir;

    @Test
    void aLookReadsTheDoorsEvidenceNowAndTheLetterIsTakenBeforeTheCallerGoesOn() throws Exception {
        try (OneMemberPost bo = new OneMemberPost("Bo", HookedProfile.load(dir, "2m"), Clock.systemUTC())) {
            AtomicBoolean started = new AtomicBoolean();
            CompletableFuture<String> taken = new CompletableFuture<>();
            // the transcript shows the turn's start only when read: no poll of its own here
            Door.Trace trace = new Door.Trace(taken, new CompletableFuture<>(), turn -> {
                if (started.get()) {
                    taken.complete("read from the transcript on demand");
                }
                return false;
            });
            Door door = new ScriptedDoor(
                    "polled-door", p -> CompletableFuture.completedFuture(new Handover.Handed("in its queue")), trace);
            bo.post.doors().register("hooked", (p, pid) -> new Opening.Open(door));
            Letter piece = new Letter("j", 1, "Bo", "The piece is now with Bo (2).");
            bo.post.post(bo.pane, piece);
            await().atMost(Duration.ofSeconds(10)).until(() -> handed(bo).contains(piece));

            bo.post.look(bo.pane, Optional.empty());
            assertEquals(List.of(piece), handed(bo), "nothing shows the turn started yet: still handed");

            started.set(true); // the harness took it; its notify of the turn's end is on its way
            bo.post.look(bo.pane, Optional.empty());
            ChannelStatus now = bo.post.status(bo.pane).orElseThrow();
            assertTrue(now.handed().isEmpty(), now::toString);
            assertTrue(now.unconfirmed().contains(piece), "taken, as the turn end is judged: " + now);
        }
    }

    private static List<Letter> handed(OneMemberPost bo) {
        return bo.post.status(bo.pane).orElseThrow().handed();
    }
}
