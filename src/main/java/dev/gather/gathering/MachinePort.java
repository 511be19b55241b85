package dev.gather.gathering;

import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The gathering's machine as the rooms beside it reach it ({@link Hearing}, {@link Seats}, {@link
 * PieceMoves}, {@link StepTimers}): where it is, whether the gathering closed, and an event to send
 * it. Called on the gathering's lane.
 */
final class MachinePort {
    private final Supplier<GatheringState> state;
    private final BooleanSupplier closed;
    private final BiConsumer<GatheringEvent, Map<String, Object>> send;

    MachinePort(
            Supplier<GatheringState> state,
            BooleanSupplier closed,
            BiConsumer<GatheringEvent, Map<String, Object>> send) {
        this.state = state;
        this.closed = closed;
        this.send = send;
    }

    /** Where the machine is; CLOSED from the moment the close was announced. */
    GatheringState state() {
        return state.get();
    }

    boolean closed() {
        return closed.getAsBoolean();
    }

    /** Sends {@code event}; refused events fail loudly with the machine's recent history. */
    void send(GatheringEvent event, Map<String, Object> headers) {
        send.accept(event, headers);
    }
}
