package dev.gather.door;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * A pane's Claude door with Claude's own evidence of each message: the pane's {@code UserPromptSubmit}
 * hook for taken (watched from before the message is sent: an idle Claude starts its turn, and runs
 * the hook, before the door's receipt window has passed) and the session's transcript when that
 * evidence is late.
 */
final class ClaudeTracedDoor implements Door {
    private final String pane;
    private final Door door;
    private final ClaudeTraces traces;
    private final Supplier<Optional<Path>> transcript;
    private final ClaudeIngress ingress;
    /** By parcel reference: the handle on each parcel handed and not yet asked for. */
    private final Map<String, Door.Trace> started = new ConcurrentHashMap<>();

    private final Map<String, Instant> sentAt = new ConcurrentHashMap<>();

    ClaudeTracedDoor(
            String pane, Door door, ClaudeTraces traces, Supplier<Optional<Path>> transcript, ClaudeIngress ingress) {
        this.ingress = Objects.requireNonNull(ingress, "ingress");
        this.pane = Objects.requireNonNull(pane, "pane");
        this.door = Objects.requireNonNull(door, "door");
        this.traces = Objects.requireNonNull(traces, "traces");
        this.transcript = Objects.requireNonNull(transcript, "transcript");
    }

    @Override
    public String name() {
        return door.name();
    }

    @Override
    public CompletableFuture<Handover> hand(Parcel parcel) {
        Optional<String> dropped = ingress.admit(pane, parcel.text());
        if (dropped.isPresent()) {
            return CompletableFuture.completedFuture(new Handover.Declined(dropped.get()));
        }
        Instant at = Instant.now();
        Door.Trace trace = traces.trace(pane, parcel);
        CompletableFuture<Handover> answered = new CompletableFuture<>();
        // taken ends the receipt window at once: an idle Claude with a quick model ends the turn this
        // parcel started before the window has passed, and a turn end that finds the parcel still being
        // handed judges that turn an answer to older words (the holder's number lost, counting to 100)
        trace.taken().thenAccept(how -> answered.complete(new Handover.Handed(door.name() + ": taken (" + how + ")")));
        door.hand(parcel).whenComplete((h, e) -> {
            if (e != null) {
                answered.completeExceptionally(e);
            } else {
                answered.complete(h);
            }
        });
        return answered.thenApply(h -> {
            if (h instanceof Handover.Handed || h instanceof Handover.Held) {
                started.put(parcel.ref(), trace);
                sentAt.put(parcel.ref(), at);
            } else {
                // refused or failed: it is typed instead, and a typed prompt is no door's
                traces.stop(parcel.ref());
            }
            return h;
        });
    }

    @Override
    public Optional<Trace> trace(String ref) {
        return Optional.ofNullable(started.remove(ref));
    }

    @Override
    public Whereabouts whereabouts(Parcel parcel) {
        // the transcript names no reference: it is read from the handover on, for the parcel's words
        return transcript
                .get()
                .map(t -> ClaudeQueueRecord.of(t, parcel.text(), sentAt.getOrDefault(parcel.ref(), Instant.EPOCH)))
                .orElseGet(() -> new Whereabouts(
                        Whereabouts.Kind.UNKNOWN, "no transcript of " + pane + "'s Claude session is known"));
    }
}
