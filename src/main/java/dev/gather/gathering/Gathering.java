package dev.gather.gathering;

import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.rhythm.Beats;
import dev.gather.rhythm.Rhythm;
import dev.gather.time.Scheduler;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import org.springframework.messaging.Message;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.statemachine.StateMachine;
import org.springframework.statemachine.StateMachineEventResult;
import org.springframework.statemachine.listener.StateMachineListenerAdapter;
import org.springframework.statemachine.transition.Transition;
import org.springframework.statemachine.transition.TransitionKind;
import reactor.core.publisher.Mono;

/**
 * One running instance of a rhythm over a set of members: talking piece, beats, phases, harvest. It
 * speaks the domain ({@code onTurnOutput}, {@code pass}, {@code say}, {@code end}); the Spring
 * machine inside it stays in this package. Events run one at a time on the gathering's lane.
 */
public final class Gathering {
    private static final int HISTORY = 20;

    private final String id;
    private final Rhythm rhythm;
    private final Ceremony ceremony;
    private final StateMachine<GatheringState, GatheringEvent> machine;
    private final Lane lane;
    private final Scheduler scheduler;
    private final Deque<String> history = new ArrayDeque<>();
    private final List<AutoCloseable> timers = new ArrayList<>();
    private volatile boolean closed;
    private boolean machineStarted;

    private Gathering(
            String id,
            Rhythm rhythm,
            List<Member> members,
            GatheringOptions options,
            Scheduler scheduler,
            Executor executor,
            Supplier<String> pulse,
            EffectSink sink) {
        this.id = id;
        this.rhythm = rhythm;
        this.scheduler = scheduler;
        this.lane = new Lane(executor);
        Beats beats = rhythm.beats()
                .with(
                        options.beatsPerTurn().orElse(null),
                        options.beatInterval().orElse(null));
        String question = options.question().orElse(rhythm.openingQuestion());
        Map<Object, Object> vars = new java.util.concurrent.ConcurrentHashMap<>();
        this.ceremony = new Ceremony(rhythm, beats, question, members, vars);
        EffectSink watching = e -> {
            if (e instanceof Effect.Closed) {
                closed = true;
                cancelTimers();
            }
            sink.accept(e);
        };
        Steps steps = new Steps(ceremony, watching, new TurnTimers(), pulse);
        this.machine = MachineFactory.build(id, steps.actions(), steps.guards(), this::recordChoice);
        this.ceremony.useVars(machine.getExtendedState().getVariables());
        machine.addStateListener(new StateMachineListenerAdapter<>() {
            @Override
            public void transition(Transition<GatheringState, GatheringEvent> t) {
                record(t);
            }
        });
    }

    /** A gathering ready to {@link #start}; it emits its effects to {@code sink}. */
    public static Gathering create(
            String id,
            Rhythm rhythm,
            List<Member> members,
            GatheringOptions options,
            Scheduler scheduler,
            Executor executor,
            Supplier<String> pulse,
            EffectSink sink) {
        if (!rhythm.talkingPiece()) {
            throw new IllegalArgumentException(
                    "rhythm " + rhythm.name() + " has no talking piece; it is for direct links");
        }
        long speakers = members.stream().filter(m -> m.role() != Role.HARVESTER).count();
        long harvesters =
                members.stream().filter(m -> m.role() == Role.HARVESTER).count();
        if (speakers < rhythm.roles().minSpeakers() || speakers > rhythm.roles().maxSpeakers()) {
            throw new IllegalArgumentException(
                    "rhythm " + rhythm.name() + " needs " + rhythm.roles().minSpeakers() + " to "
                            + rhythm.roles().maxSpeakers() + " speakers (got " + speakers + ")");
        }
        if (harvesters > rhythm.roles().harvesters()) {
            throw new IllegalArgumentException("rhythm " + rhythm.name() + " allows "
                    + rhythm.roles().harvesters() + " harvester(s) (got " + harvesters + ")");
        }
        return new Gathering(id, rhythm, members, options, scheduler, executor, pulse, sink);
    }

    public String id() {
        return id;
    }

    public Rhythm rhythm() {
        return rhythm;
    }

    public List<Member> members() {
        return ceremony.members;
    }

    public boolean closed() {
        return closed;
    }

    /** Seeds every member and begins the first turn. */
    public CompletableFuture<Void> start() {
        return lane.submit(() -> send(GatheringEvent.START, Map.of()));
    }

    /** A member's turn output: relayed if it holds the piece, kept and answered with a reminder if not. */
    public CompletableFuture<Void> onTurnOutput(Member from, String text) {
        return lane.submit(() -> {
            GatheringState state = state();
            if (closed || state == GatheringState.SEEDING) {
                return;
            }
            if (state == GatheringState.HARVESTING
                    && ceremony.harvester.filter(from::equals).isPresent()) {
                send(GatheringEvent.HARVEST_DONE, Map.of(Steps.MEMBER, from, Steps.TEXT, text));
                return;
            }
            send(GatheringEvent.OUTPUT, Map.of(Steps.MEMBER, from, Steps.TEXT, text));
            if (ceremony.isHolder(from)) {
                PassMatcher.find(rhythm.passPatterns(), text)
                        .ifPresent(p -> send(
                                GatheringEvent.TURN_OVER,
                                Map.of(Steps.TARGET, p.target().orElse(""), Steps.REASON, "pass")));
            }
        });
    }

    /** The holder passes the piece, to {@code to} (name or number) or the next speaker. */
    public CompletableFuture<Void> pass(Member by, Optional<String> to) {
        if (!ceremony.isHolder(by)) {
            return CompletableFuture.failedFuture(new IllegalArgumentException(by.name() + " does not hold the piece"
                    + ceremony.holder().map(h -> "; " + h.name() + " does").orElse("")));
        }
        return lane.submit(
                () -> send(GatheringEvent.TURN_OVER, Map.of(Steps.TARGET, to.orElse(""), Steps.REASON, "pass")));
    }

    /** The human member speaks: like any member, only relayed with the piece. */
    public CompletableFuture<Void> say(String text) {
        Member human = ceremony.members.stream()
                .filter(m -> m.role() == Role.HUMAN)
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("gathering " + id + " has no human member"));
        return onTurnOutput(human, text);
    }

    /** A member's pane died: skipped from now on; the turn moves on if it held the piece. */
    public CompletableFuture<Void> memberGone(Member m) {
        return lane.submit(() -> {
            GatheringState state = state();
            if (closed || !ceremony.isPresent(m)) {
                return;
            }
            boolean wasHolder = ceremony.isHolder(m);
            send(GatheringEvent.MEMBER_GONE, Map.of(Steps.MEMBER, m));
            if ((state == GatheringState.SPEAKING || state == GatheringState.FINAL_BEAT)
                    && (wasHolder || ceremony.tooFewSpeakers())) {
                send(GatheringEvent.TURN_OVER, Map.of(Steps.REASON, m.name() + " left"));
            } else if (state == GatheringState.HARVESTING
                    && ceremony.harvester.filter(m::equals).isPresent()) {
                send(GatheringEvent.TURN_OVER, Map.of(Steps.REASON, "the harvester left"));
            }
        });
    }

    /** Ends the gathering now, for everyone. */
    public CompletableFuture<Void> end(String reason) {
        return lane.submit(() -> send(GatheringEvent.END, Map.of(Steps.REASON, reason)));
    }

    /** Where the gathering is. */
    public GatheringStatus status() {
        return new GatheringStatus(
                id,
                rhythm.name(),
                state(),
                ceremony.phase().name(),
                ceremony.phaseIndex(),
                ceremony.round(),
                ceremony.phase().rounds(),
                ceremony.holder(),
                ceremony.beat(),
                ceremony.order,
                ceremony.present());
    }

    /** The most recent transitions, oldest first. */
    public synchronized List<String> history() {
        return List.copyOf(history);
    }

    GatheringState state() {
        return machine.getState() == null
                ? GatheringState.SEEDING
                : machine.getState().getId();
    }

    private void send(GatheringEvent event, Map<String, Object> headers) {
        if (!machineStarted) {
            machine.startReactively().block();
            machineStarted = true;
        }
        Message<GatheringEvent> message =
                MessageBuilder.withPayload(event).copyHeaders(headers).build();
        List<StateMachineEventResult<GatheringState, GatheringEvent>> results =
                machine.sendEvent(Mono.just(message)).collectList().block();
        boolean accepted = results != null
                && results.stream().anyMatch(r -> r.getResultType() == StateMachineEventResult.ResultType.ACCEPTED);
        if (!accepted) {
            throw new IllegalEventException(id, event.name(), state().name(), history());
        }
    }

    private synchronized void record(Transition<GatheringState, GatheringEvent> t) {
        if (t.getSource() == null || t.getKind() == TransitionKind.INITIAL) {
            return;
        }
        GatheringState from = t.getSource().getId();
        GatheringState to = t.getTarget() == null ? from : t.getTarget().getId();
        GatheringEvent ev = t.getTrigger() == null ? null : t.getTrigger().getEvent();
        TransitionTable.Row row = TransitionTable.find(from, to, ev, t.getKind() == TransitionKind.INTERNAL, null);
        String name = row == null ? "?" + t.getKind() : row.name();
        if (row != null) {
            TransitionTable.FIRED.add(row.name());
        }
        remember(name + "(" + from + (ev == null ? "" : " " + ev) + " -> " + to + ")");
    }

    private synchronized void recordChoice(TransitionTable.Row row) {
        TransitionTable.FIRED.add(row.name());
        remember(row.name() + "(" + row.source() + " -> " + row.target() + ")");
    }

    private synchronized void remember(String entry) {
        history.addLast(entry);
        while (history.size() > HISTORY) {
            history.removeFirst();
        }
    }

    private synchronized void cancelTimers() {
        for (AutoCloseable t : timers) {
            try {
                t.close();
            } catch (Exception e) {
                // a timer that cannot be cancelled fires into a closed gathering and is ignored
            }
        }
        timers.clear();
    }

    private final class TurnTimers implements Steps.Timers {
        @Override
        public void beatIn(Duration d) {
            schedule(d, GatheringEvent.BEAT);
        }

        @Override
        public void turnOverIn(Duration d) {
            schedule(d, GatheringEvent.TURN_OVER);
        }

        @Override
        public void cancel() {
            cancelTimers();
        }

        private void schedule(Duration d, GatheringEvent event) {
            int turn = ceremony.turn();
            AutoCloseable handle = scheduler.after(
                    d,
                    () -> lane.submit(() -> {
                        if (closed || ceremony.turn() != turn) {
                            return;
                        }
                        GatheringState s = state();
                        boolean due = event == GatheringEvent.BEAT
                                ? s == GatheringState.SPEAKING
                                : s == GatheringState.FINAL_BEAT || s == GatheringState.HARVESTING;
                        if (due) {
                            send(event, Map.of(Steps.REASON, event == GatheringEvent.BEAT ? "beat" : "time is up"));
                        }
                    }));
            synchronized (Gathering.this) {
                timers.add(handle);
            }
        }
    }
}
