package dev.gather.gathering;

import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.rhythm.Beats;
import dev.gather.rhythm.Rhythm;
import dev.gather.time.Scheduler;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.springframework.messaging.Message;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.statemachine.StateContext;
import org.springframework.statemachine.StateMachine;
import org.springframework.statemachine.StateMachineEventResult;
import reactor.core.publisher.Mono;

/**
 * One running instance of a rhythm over a set of members: talking piece, beats, phases, harvest. It
 * speaks the domain ({@code onTurnOutput}, {@code pass}, {@code say}, {@code end}); the Spring
 * machine inside it stays in this package. Events run one at a time on the gathering's lane.
 */
public final class Gathering {
    private static final int HISTORY = 20;
    /** How soon a timed step (beat, grace over, turn cap) whose words were refused is tried again. */
    private static final Duration STEP_RETRY = Duration.ofSeconds(2);

    private final String id;
    private final Rhythm rhythm;
    private final Ceremony ceremony;
    private final StateMachine<GatheringState, GatheringEvent> machine;
    private final Lane lane;
    private final Scheduler scheduler;
    private final Deque<String> history = new ArrayDeque<>();
    private final Map<GatheringEvent, AutoCloseable> timers = new java.util.EnumMap<>(GatheringEvent.class);
    private final Map<GatheringEvent, Object> tokens = new java.util.EnumMap<>(GatheringEvent.class);
    /** When each armed timer falls due; a lease wait's recheck is no beat and has none. */
    private final Map<GatheringEvent, Instant> due = new java.util.EnumMap<>(GatheringEvent.class);

    private final Clock clock;
    private volatile boolean closed;
    private volatile String closedReason;
    private final EffectSink effects;
    private final Prompting prompting;
    private final Steps steps;
    private boolean machineStarted;
    /**
     * Turn outputs handed to the lane but not yet taken by it, per member. The relay hands a turn
     * over and only then marks the member idle, so a beat that runs in the lane before those words
     * still sees the member mid-turn: there is no instant where it is neither busy nor answering.
     */
    private final Map<Member, Integer> answering = new java.util.concurrent.ConcurrentHashMap<>();

    private final TurnTimers turnTimers = new TurnTimers();

    private Gathering(
            String id,
            Rhythm rhythm,
            List<Member> members,
            GatheringOptions options,
            Scheduler scheduler,
            Clock clock,
            Executor executor,
            Supplier<String> pulse,
            Predicate<Member> midTurn,
            EffectSink sink) {
        this.id = id;
        this.rhythm = rhythm;
        this.scheduler = scheduler;
        this.clock = clock;
        this.lane = new Lane(executor);
        Beats beats = rhythm.beats()
                .with(
                        options.beatsPerTurn().orElse(null),
                        options.beatInterval().orElse(null),
                        options.grace().orElse(null));
        String question = options.question().orElse(rhythm.openingQuestion());
        Map<Object, Object> vars = new java.util.concurrent.ConcurrentHashMap<>();
        this.ceremony = new Ceremony(rhythm, beats, question, members, vars);
        EffectSink watching = e -> {
            if (e instanceof Effect.Closed c) {
                closedReason = c.reason();
                closed = true;
                cancelTimers();
            }
            sink.accept(e);
        };
        this.effects = watching;
        this.prompting = new Prompting(ceremony);
        this.steps = new Steps(ceremony, watching, turnTimers, pulse, midTurn.or(m -> answering.containsKey(m)));
        this.machine = MachineFactory.build(id, steps.actions(), steps.guards(), this::record);
        this.ceremony.useVars(machine.getExtendedState().getVariables());
    }

    /**
     * A gathering ready to {@link #start}; it emits its effects to {@code sink}. While {@code
     * midTurn} says the holder is mid-turn, its beats and the final beat's grace wait for it (up to
     * the rhythm's max_turn). {@code clock} is the scheduler's: it dates the next beat in the status.
     */
    public static Gathering create(
            String id,
            Rhythm rhythm,
            List<Member> members,
            GatheringOptions options,
            Scheduler scheduler,
            Clock clock,
            Executor executor,
            Supplier<String> pulse,
            Predicate<Member> midTurn,
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
        return new Gathering(id, rhythm, members, options, scheduler, clock, executor, pulse, midTurn, sink);
    }

    public String id() {
        return id;
    }

    public Rhythm rhythm() {
        return rhythm;
    }

    /** The question the gathering was opened with. */
    public String question() {
        return ceremony.question;
    }

    public List<Member> members() {
        return ceremony.members;
    }

    public boolean closed() {
        return closed;
    }

    /** Why it closed, once it has. */
    public Optional<String> closedReason() {
        return Optional.ofNullable(closedReason);
    }

    /**
     * A gathering a stopped daemon was running, to {@link #resume} from its journal's snapshot: the
     * same rhythm, members and start-time overrides it was started with.
     */
    public static Gathering resumed(
            String id,
            Rhythm rhythm,
            List<Member> members,
            GatheringOptions options,
            Scheduler scheduler,
            Clock clock,
            Executor executor,
            Supplier<String> pulse,
            Predicate<Member> midTurn,
            EffectSink sink) {
        return new Gathering(id, rhythm, members, options, scheduler, clock, executor, pulse, midTurn, sink);
    }

    /**
     * Puts the machine where {@code s} says the gathering was (Spring's own reset, no action runs,
     * nothing is typed) and arms its timers from the journal's times: a beat, grace or cap that fell
     * due while no daemon ran fires once, now. A turn the holder's words (a pass, last words), a pass
     * by command or the holder leaving had already ended, but whose piece had not moved yet, moves on
     * now. A gathering still seeding
     * seeds whom the last daemon had not and begins.
     */
    public CompletableFuture<Void> resume(Snapshot s, java.time.Instant now) {
        return lane.submit(() -> {
            ceremony.restore(s);
            remember("resumed(" + s.state() + ", turn " + s.turn() + ")");
            if (s.state() == GatheringState.SEEDING) {
                send(GatheringEvent.START, Map.of());
                return;
            }
            var context = new org.springframework.statemachine.support.DefaultStateMachineContext<
                    GatheringState, GatheringEvent>(
                    s.state(),
                    null,
                    null,
                    new org.springframework.statemachine.support.DefaultExtendedState(
                            new java.util.HashMap<>(machine.getExtendedState().getVariables())));
            machine.getStateMachineAccessor().doWithAllRegions(a -> a.resetStateMachineReactively(context)
                    .block());
            machine.startReactively().block();
            machineStarted = true;
            Beats beats = ceremony.beats;
            switch (s.state()) {
                case SPEAKING -> turnTimers.in(due(s.beatBase().plus(beats.interval()), now), GatheringEvent.BEAT);
                case FINAL_BEAT -> turnTimers.in(
                        due(s.finalBeat().orElse(s.beatBase()).plus(beats.grace()), now), GatheringEvent.TIME_UP);
                case HARVESTING -> turnTimers.in(
                        due(
                                s.since()
                                        .plus(beats.interval().multipliedBy(beats.perTurn()))
                                        .plus(beats.grace()),
                                now),
                        GatheringEvent.TIME_UP);
                default -> throw new IllegalStateException("not resumable in " + s.state());
            }
            turnTimers.in(due(s.since().plus(beats.turnCap()), now), GatheringEvent.MAX_TURN);
            if (s.state() == GatheringState.HARVESTING) {
                return;
            }
            Optional<String> target = s.holderWords()
                    .flatMap(w -> PassMatcher.find(rhythm.passPatterns(), w, ceremony.members))
                    .map(p -> p.target().orElse(""));
            boolean holderLeft =
                    ceremony.holder().filter(h -> !ceremony.isPresent(h)).isPresent();
            if (s.passedByCommand() || target.isPresent() || s.wordsAfterFinalBeat() || holderLeft) {
                send(
                        GatheringEvent.TURN_OVER,
                        Map.of(Steps.TARGET, target.orElse(""), Steps.REASON, "pass", Steps.BY_WORDS, true));
            }
        });
    }

    private static Duration due(java.time.Instant at, java.time.Instant now) {
        Duration left = Duration.between(now, at);
        return left.isNegative() ? Duration.ZERO : left;
    }

    /** Seeds every member and begins the first turn. */
    public CompletableFuture<Void> start() {
        return lane.submit(() -> send(GatheringEvent.START, Map.of()));
    }

    /**
     * A member's turn output: relayed if it holds the piece, kept and answered with a reminder if not;
     * after the close, kept as late if the member was mid-turn when it closed.
     */
    public CompletableFuture<Void> onTurnOutput(Member from, String text) {
        return onTurnOutput(from, text, false);
    }

    /**
     * A member's turn output; {@code moreQueued} says messages for it were still waiting to be typed
     * when its turn ended, so this turn answered an older one. A real harness answers every message
     * in order: the harvester's answer to something it heard before the harvest prompt is not the
     * harvest. The words' own effect (relay, out of turn, late, harvest) runs first, before the
     * machine moves: when it throws (the journal refused it) the future fails with that and the
     * gathering is as it was, so the same output can be handed in again later.
     */
    public CompletableFuture<Void> onTurnOutput(Member from, String text, boolean moreQueued) {
        answering.merge(from, 1, Integer::sum);
        return lane.submit(() -> {
            answering.computeIfPresent(from, (m, n) -> n > 1 ? n - 1 : null);
            GatheringState state = state();
            if (closed && ceremony.late(from)) {
                effects.accept(new Effect.Late(from, text));
                return;
            }
            if (closed || state == GatheringState.SEEDING) {
                return;
            }
            if (state == GatheringState.HARVESTING
                    && !moreQueued
                    && ceremony.harvester.filter(from::equals).isPresent()) {
                effects.accept(new Effect.HarvestStored(from, text));
                send(GatheringEvent.HARVEST_DONE, Map.of(Steps.MEMBER, from, Steps.TEXT, text));
                return;
            }
            effects.accept(steps.words(from, text));
            boolean speaksNow = ceremony.isHolder(from) && !ceremony.owesLateWords(from);
            Optional<PassMatcher.Pass> pass =
                    speaksNow ? PassMatcher.find(rhythm.passPatterns(), text, ceremony.members) : Optional.empty();
            if (state == GatheringState.FINAL_BEAT && speaksNow) {
                // the last words end the turn themselves, to whoever they name
                send(
                        GatheringEvent.OUTPUT,
                        Map.of(
                                Steps.MEMBER,
                                from,
                                Steps.TEXT,
                                text,
                                Steps.TARGET,
                                pass.flatMap(PassMatcher.Pass::target).orElse("")));
                return;
            }
            send(GatheringEvent.OUTPUT, Map.of(Steps.MEMBER, from, Steps.TEXT, text));
            pass.ifPresent(p -> send(
                    GatheringEvent.TURN_OVER,
                    Map.of(Steps.TARGET, p.target().orElse(""), Steps.REASON, "pass", Steps.BY_WORDS, true)));
        });
    }

    /** The holder passes the piece, to {@code to} (name or number) or the next speaker. */
    public CompletableFuture<Void> pass(Member by, Optional<String> to) {
        if (!ceremony.isHolder(by)) {
            return CompletableFuture.failedFuture(new IllegalArgumentException(by.name() + " does not hold the piece"
                    + ceremony.holder().map(h -> "; " + h.name() + " does").orElse("")));
        }
        return lane.submit(() -> {
            effects.accept(new Effect.Note(
                    "pass",
                    by.name() + " passed the piece by command"
                            + to.map(t -> " to " + t).orElse("")));
            send(GatheringEvent.TURN_OVER, Map.of(Steps.TARGET, to.orElse(""), Steps.REASON, "pass"));
        });
    }

    /**
     * Someone other than the holder moves the piece (an operator: the human member or the starter),
     * to {@code to} or the next speaker; journalled with who did it.
     */
    public CompletableFuture<Void> take(String by, Optional<String> to) {
        return lane.submit(() -> {
            GatheringState state = state();
            if (closed || (state != GatheringState.SPEAKING && state != GatheringState.FINAL_BEAT)) {
                throw new IllegalArgumentException("nobody holds the piece of " + id + " (it is "
                        + state.name().toLowerCase(java.util.Locale.ROOT) + ")");
            }
            Member from = ceremony.holder().orElseThrow();
            Optional<Member> target = to.map(t -> PassMatcher.resolve(t, ceremony.presentSpeakers())
                    .orElseThrow(() -> new IllegalArgumentException("no speaker '" + t + "' is present in " + id)));
            effects.accept(new Effect.Note(
                    "take",
                    by + " took the piece from " + from.name()
                            + target.map(m -> " and gave it to " + m.name()).orElse("")));
            send(
                    GatheringEvent.TURN_OVER,
                    Map.of(Steps.TARGET, target.map(Member::name).orElse(""), Steps.REASON, "taken by " + by));
        });
    }

    /** The human member speaks: like any member, only relayed with the piece. */
    public CompletableFuture<Void> say(String text) {
        Member human = ceremony.members.stream()
                .filter(m -> m.role() == Role.HUMAN)
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("gathering " + id + " has no human member"));
        return onTurnOutput(human, text);
    }

    /**
     * {@code m} (already in the gathering's link) joins while it runs: it gets a seed with the
     * conversation so far, everyone else is told, and a speaker takes its place at the end of the
     * speaking order from the next round. Refused once the rounds are over.
     */
    public CompletableFuture<Void> join(Member m, String pulse) {
        return lane.submit(() -> {
            GatheringState state = state();
            if (closed || state == GatheringState.HARVESTING) {
                throw new IllegalArgumentException(
                        id + " is " + (closed ? "closed" : "harvesting") + "; nobody joins now");
            }
            if (ceremony.members.stream().anyMatch(x -> x.name().equalsIgnoreCase(m.name()))) {
                throw new IllegalArgumentException(id + " already has a member called " + m.name());
            }
            if (m.role() != Role.HARVESTER
                    && ceremony.members.stream()
                                    .filter(x -> x.role() != Role.HARVESTER)
                                    .count()
                            >= rhythm.roles().maxSpeakers()) {
                throw new IllegalArgumentException("rhythm " + rhythm.name() + " allows at most "
                        + rhythm.roles().maxSpeakers() + " speakers");
            }
            ceremony.join(m);
            effects.accept(new Effect.Announce("joined", prompting.joined(m), Optional.of(m)));
            effects.accept(new Effect.Inject(m, "seed", prompting.lateSeed(m, pulse, ceremony.said())));
        });
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
            }
        });
    }

    /** Ends the gathering for everyone: the harvester (if any) is asked for the harvest first, bounded. */
    public CompletableFuture<Void> end(String reason) {
        return lane.submit(() -> send(GatheringEvent.END, Map.of(Steps.REASON, reason)));
    }

    /** Ends the gathering for everyone at once, without a harvest. */
    public CompletableFuture<Void> endNow(String reason) {
        return lane.submit(() -> send(GatheringEvent.END_NOW, Map.of(Steps.REASON, reason)));
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
                ceremony.turn(),
                ceremony.order,
                ceremony.present(),
                closedReason(),
                nextBeat(),
                clock.instant());
    }

    /** When the holder's next beat comes; none while the beat waits on a holder mid-turn (a lease), in the final beat or after the close. */
    private synchronized Optional<Instant> nextBeat() {
        return closed || state() != GatheringState.SPEAKING
                ? Optional.empty()
                : Optional.ofNullable(due.get(GatheringEvent.BEAT));
    }

    /** The most recent transitions, oldest first. */
    public synchronized List<String> history() {
        return List.copyOf(history);
    }

    GatheringState state() {
        // the close is announced and journalled by the transition's action, before the machine
        // reaches CLOSED: from that moment on, status says closed, as the journal does
        if (closed) {
            return GatheringState.CLOSED;
        }
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

    private synchronized void record(TransitionTable.Row row, StateContext<GatheringState, GatheringEvent> ctx) {
        TransitionTable.FIRED.add(row.name());
        GatheringState from =
                ctx.getSource() == null ? row.sources().get(0) : ctx.getSource().getId();
        GatheringState to = row.kind() == TransitionTable.Kind.INTERNAL ? from : row.target();
        GatheringEvent ev = row.event();
        remember(row.name() + "(" + from + (ev == null ? "" : " " + ev) + " -> " + to + ")");
    }

    private synchronized void remember(String entry) {
        history.addLast(entry);
        while (history.size() > HISTORY) {
            history.removeFirst();
        }
    }

    private synchronized void cancelTimers() {
        timers.values().forEach(Gathering::cancel);
        timers.clear();
        tokens.clear();
        due.clear();
    }

    private static void cancel(AutoCloseable timer) {
        try {
            timer.close();
        } catch (Exception e) {
            // a timer that cannot be cancelled fires into a closed gathering or a later turn and is ignored
        }
    }

    private final class TurnTimers implements Steps.Timers {
        @Override
        public void in(Duration d, GatheringEvent event) {
            schedule(d, event, true);
        }

        @Override
        public void recheck(Duration d, GatheringEvent event) {
            schedule(d, event, false);
        }

        @Override
        public void cancel() {
            cancelTimers();
        }

        private void schedule(Duration d, GatheringEvent event, boolean dated) {
            // the newest timer of an event is the only one that may fire: one already queued on the
            // lane when it was replaced or cancelled finds its token gone and does nothing
            Object token = new Object();
            synchronized (Gathering.this) {
                tokens.put(event, token);
                if (dated) {
                    due.put(event, clock.instant().plus(d));
                } else {
                    due.remove(event);
                }
            }
            AutoCloseable handle = scheduler.after(d, () -> lane.submit(() -> fire(event, token)));
            synchronized (Gathering.this) {
                AutoCloseable before = tokens.get(event) == token ? timers.put(event, handle) : handle;
                if (before != null) {
                    Gathering.cancel(before);
                }
            }
        }

        private void fire(GatheringEvent event, Object token) {
            synchronized (Gathering.this) {
                if (tokens.get(event) != token) {
                    return;
                }
                tokens.remove(event);
                timers.remove(event);
                due.remove(event);
            }
            if (closed) {
                return;
            }
            GatheringState s = state();
            boolean due =
                    switch (event) {
                        case BEAT -> s == GatheringState.SPEAKING;
                        case TIME_UP -> s == GatheringState.FINAL_BEAT || s == GatheringState.HARVESTING;
                        case MAX_TURN -> s == GatheringState.SPEAKING
                                || s == GatheringState.FINAL_BEAT
                                || s == GatheringState.HARVESTING;
                        default -> false;
                    };
            if (!due) {
                return;
            }
            try {
                send(event, Map.of(Steps.REASON, event.name().toLowerCase(java.util.Locale.ROOT)));
            } catch (RuntimeException refused) {
                if (!closed) {
                    // what it says was refused (a journal that cannot be written): the step, not yet
                    // taken, comes again shortly instead of never, which would leave a quiet holder waiting
                    schedule(STEP_RETRY, event, true);
                }
                throw refused;
            }
        }
    }
}
