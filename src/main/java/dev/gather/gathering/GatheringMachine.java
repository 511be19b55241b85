package dev.gather.gathering;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.messaging.Message;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.statemachine.StateContext;
import org.springframework.statemachine.StateMachine;
import org.springframework.statemachine.StateMachineEventResult;
import org.springframework.statemachine.support.DefaultExtendedState;
import org.springframework.statemachine.support.DefaultStateMachineContext;
import reactor.core.publisher.Mono;

/**
 * The Spring machine behind one gathering, built from the transition table: it takes events, is put
 * back where a journal says it was, and remembers its recent transitions for the errors that need
 * them. Kept apart so that Spring's types and its reactive calls stay in one place.
 */
final class GatheringMachine {
    private static final int HISTORY = 20;

    private final StateMachine<GatheringState, GatheringEvent> machine;
    private final Deque<String> history = new ArrayDeque<>();
    private boolean started;

    GatheringMachine(String id, Steps steps) {
        this.machine = MachineFactory.build(id, steps.actions(), steps.guards(), this::record);
    }

    /** The machine's extended state, where the guards read the ceremony's counters. */
    Map<Object, Object> variables() {
        return machine.getExtendedState().getVariables();
    }

    /** The machine's own state: seeding until it starts. */
    GatheringState state() {
        return machine.getState() == null
                ? GatheringState.SEEDING
                : machine.getState().getId();
    }

    /** Sends {@code event} (starting the machine on the first one); false when its state refused it. */
    boolean send(GatheringEvent event, Map<String, Object> headers) {
        if (!started) {
            machine.startReactively().block();
            started = true;
        }
        Message<GatheringEvent> message =
                MessageBuilder.withPayload(event).copyHeaders(headers).build();
        List<StateMachineEventResult<GatheringState, GatheringEvent>> results =
                machine.sendEvent(Mono.just(message)).collectList().block();
        return results != null
                && results.stream().anyMatch(r -> r.getResultType() == StateMachineEventResult.ResultType.ACCEPTED);
    }

    /** Puts the machine in {@code state} by Spring's own reset: no action runs, nothing is typed. */
    void resetTo(GatheringState state) {
        var context = new DefaultStateMachineContext<GatheringState, GatheringEvent>(
                state, null, null, new DefaultExtendedState(new HashMap<>(variables())));
        machine.getStateMachineAccessor()
                .doWithAllRegions(a -> a.resetStateMachineReactively(context).block());
        machine.startReactively().block();
        started = true;
    }

    /** The most recent transitions, oldest first. */
    synchronized List<String> history() {
        return List.copyOf(history);
    }

    synchronized void remember(String entry) {
        history.addLast(entry);
        while (history.size() > HISTORY) {
            history.removeFirst();
        }
    }

    private void record(TransitionTable.Row row, StateContext<GatheringState, GatheringEvent> ctx) {
        TransitionTable.FIRED.add(row.name());
        GatheringState from =
                ctx.getSource() == null ? row.sources().get(0) : ctx.getSource().getId();
        GatheringState to = row.kind() == TransitionTable.Kind.INTERNAL ? from : row.target();
        GatheringEvent ev = row.event();
        remember(row.name() + "(" + from + (ev == null ? "" : " " + ev) + " -> " + to + ")");
    }
}
