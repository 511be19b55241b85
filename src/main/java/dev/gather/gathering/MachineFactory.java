package dev.gather.gathering;

import java.util.EnumSet;
import java.util.Map;
import org.springframework.statemachine.StateMachine;
import org.springframework.statemachine.action.Action;
import org.springframework.statemachine.config.StateMachineBuilder;
import org.springframework.statemachine.config.builders.StateMachineTransitionConfigurer;
import org.springframework.statemachine.guard.Guard;

/** Builds one Spring state machine per gathering from {@link TransitionTable}, machine id = gathering id. */
final class MachineFactory {
    private MachineFactory() {}

    static StateMachine<GatheringState, GatheringEvent> build(
            String id,
            Map<String, Action<GatheringState, GatheringEvent>> actions,
            Map<String, Guard<GatheringState, GatheringEvent>> guards,
            java.util.function.Consumer<TransitionTable.Row> onChoice) {
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
                Action<GatheringState, GatheringEvent> action = need(actions, r.action());
                switch (r.kind()) {
                    case EXTERNAL -> {
                        var x = t.withExternal()
                                .source(r.source())
                                .target(r.target())
                                .event(r.event())
                                .action(action);
                        if (r.guard() != null) {
                            x.guard(need(guards, r.guard()));
                        }
                    }
                    case INTERNAL -> {
                        var x = t.withInternal()
                                .source(r.source())
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
            t.withChoice()
                    .source(GatheringState.NEXT)
                    .first(first.target(), need(guards, first.guard()), choice(first, actions, onChoice))
                    .then(then.target(), need(guards, then.guard()), choice(then, actions, onChoice))
                    .last(last.target(), choice(last, actions, onChoice));
            return b.build();
        } catch (Exception e) {
            throw new IllegalStateException("cannot build the gathering machine: " + e.getMessage(), e);
        }
    }

    /** Spring reports no transition for a choice branch, so the branch's action reports itself. */
    private static Action<GatheringState, GatheringEvent> choice(
            TransitionTable.Row row,
            Map<String, Action<GatheringState, GatheringEvent>> actions,
            java.util.function.Consumer<TransitionTable.Row> onChoice) {
        Action<GatheringState, GatheringEvent> action = need(actions, row.action());
        return ctx -> {
            onChoice.accept(row);
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
