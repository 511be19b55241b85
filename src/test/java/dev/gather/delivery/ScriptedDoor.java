package dev.gather.delivery;

import dev.gather.door.Door;
import dev.gather.door.Handover;
import dev.gather.door.Parcel;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * A harness's door for delivery tests, scripted in a line: its name, what it answers each parcel
 * handed, the trace it shows of a parcel's reference (none unless given) and where its record puts a
 * parcel (cannot tell, unless given).
 */
record ScriptedDoor(
        String name,
        Function<Parcel, CompletableFuture<Handover>> answer,
        Function<String, Optional<Door.Trace>> traces,
        Function<Parcel, Door.Whereabouts> where)
        implements Door {
    ScriptedDoor(
            String name,
            Function<Parcel, CompletableFuture<Handover>> answer,
            Function<String, Optional<Door.Trace>> traces) {
        this(name, answer, traces, p -> new Door.Whereabouts(Door.Whereabouts.Kind.UNKNOWN, "cannot tell"));
    }
    /** A door that keeps no record gather can read. */
    ScriptedDoor(String name, Function<Parcel, CompletableFuture<Handover>> answer) {
        this(name, answer, ref -> Optional.empty());
    }

    /** A door that shows {@code trace} for every parcel. */
    ScriptedDoor(String name, Function<Parcel, CompletableFuture<Handover>> answer, Door.Trace trace) {
        this(name, answer, ref -> Optional.of(trace));
    }

    @Override
    public CompletableFuture<Handover> hand(Parcel parcel) {
        return answer.apply(parcel);
    }

    @Override
    public Optional<Door.Trace> trace(String ref) {
        return traces.apply(ref);
    }

    @Override
    public Door.Whereabouts whereabouts(Parcel parcel) {
        return where.apply(parcel);
    }
}
