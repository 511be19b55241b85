package dev.gather.gathering;

import java.util.EnumSet;
import java.util.Map;
import java.util.function.BiConsumer;
import org.springframework.statemachine.StateContext;
import org.springframework.statemachine.StateMachine;
import org.springframework.statemachine.action.Action;
import org.springframework.statemachine.config.StateMachineBuilder;
import org.springframework.statemachine.config.builders.StateMachineTransitionConfigurer;
import org.springframework.statemachine.guard.Guard;

/** Builds one Spring state machine per gathering from {@link TransitionTable}, machine id = gathering id. */
final class MachineFactory {
    private MachineFactory() {}

    /**
     * The machine of the table; {@code fired} hears which row ran (by its action, since two rows
     * may share source, event and target and differ only in their guard).
     */
    static StateMachine<GatheringState, GatheringEvent> build(
            String id,
            Map<String, Action<GatheringState, GatheringEvent>> actions,
            Map<String, Guard<GatheringState, GatheringEvent>> guards,
            BiConsumer<TransitionTable.Row, StateContext<GatheringState, GatheringEvent>> fired) {
        try {
            StateMachineBuilder.Builder<GatheringState, GatheringEvent> b = StateMachineBuilder.builder();
            b.configureConfiguration().withConfiguration().machineId(id).autoStartup(false);
            b.configureStates()
                    .withStates()
                    .initial(GatheringState.SEEDING)
                    .choice(GatheringState.NEXT)
                    .end(GatheringState.CLOSED)
                    .states(EnumSet.allOf(GatheringState.class));
            StateMachineTransitionConfigurer<GatheringState, GatheringEvent> t = b.configureTransitions();
            TransitionTable.Row first = null;
            TransitionTable.Row then = null;
            TransitionTable.Row last = null;
            for (TransitionTable.Row r : TransitionTable.ROWS) {
                Action<GatheringState, GatheringEvent> action = reporting(r, actions, fired);
                for (GatheringState source : r.sources()) {
                    switch (r.kind()) {
                        case EXTERNAL -> {
                            var x = t.withExternal()
                                    .source(source)
                                    .target(r.target())
                                    .event(r.event())
                                    .action(action);
                            if (r.guard() != null) {
                                x.guard(need(guards, r.guard()));
                            }
                        }
                        case INTERNAL -> {
                            var x = t.withInternal()
                                    .source(source)
                                    .event(r.event())
                                    .action(action);
                            if (r.guard() != null) {
                                x.guard(need(guards, r.guard()));
                            }
                        }
                        case CHOICE_FIRST -> first = r;
                        case CHOICE_THEN -> then = r;
                        case CHOICE_LAST -> last = r;
                    }
                }
            }
            t.withChoice()
                    .source(GatheringState.NEXT)
                    .first(first.target(), need(guards, first.guard()), reporting(first, actions, fired))
                    .then(then.target(), need(guards, then.guard()), reporting(then, actions, fired))
                    .last(last.target(), reporting(last, actions, fired));
            return b.build();
        } catch (Exception e) {
            throw new IllegalStateException("cannot build the gathering machine: " + e.getMessage(), e);
        }
    }

    /** The row's action, telling {@code fired} first that this row is the one that ran. */
    private static Action<GatheringState, GatheringEvent> reporting(
            TransitionTable.Row row,
            Map<String, Action<GatheringState, GatheringEvent>> actions,
            BiConsumer<TransitionTable.Row, StateContext<GatheringState, GatheringEvent>> fired) {
        Action<GatheringState, GatheringEvent> action = need(actions, row.action());
        return ctx -> {
            fired.accept(row, ctx);
            action.execute(ctx);
        };
    }

    private static <T> T need(Map<String, T> named, String name) {
        T t = named.get(name);
        if (t == null) {
            throw new IllegalStateException("transition table names '" + name + "', which is not defined");
        }
        return t;
    }
}
