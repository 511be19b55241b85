package dev.gather.gathering;

import dev.gather.link.Member;
import dev.gather.rhythm.Rhythm;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * One running instance of a rhythm over a set of members: talking piece, beats, phases, harvest. It
 * speaks the domain ({@code onTurnOutput}, {@code pass}, {@code say}, {@code end}) and hands the work
 * to the rooms beside it: what words do ({@link Hearing}), who sits ({@link Seats}), the piece moved
 * by command ({@link PieceMoves}), the timed steps ({@link StepTimers}) and the Spring machine
 * ({@link GatheringMachine}), which stays in this package. Events run one at a time on the
 * gathering's lane.
 */
public final class Gathering {
    private final String id;
    private final Rhythm rhythm;
    private final Ceremony ceremony;
    private final GatheringMachine machine;
    private final Lane lane;
    private final StepTimers timers;

    private final Clock clock;
    private volatile boolean closed;
    private volatile String closedReason;
    private final Seats seats;
    private final Hearing hearing;
    private final PieceMoves moves;
    /** The seeds' pulse: searched once, never on the lane (a search of past talk may take seconds). */
    private final Supplier<String> pulse;

    private Gathering(
            String id,
            Rhythm rhythm,
            List<Member> members,
            GatheringOptions options,
            Setting setting,
            EffectSink sink) {
        this.id = id;
        this.rhythm = rhythm;
        this.clock = setting.clock();
        this.lane = new Lane(setting.executor());
        this.pulse = new Once<>(setting.pulse());
        MachinePort port = new MachinePort(this::state, () -> closed, this::send);
        this.timers = new StepTimers(setting.scheduler(), clock, lane, port);
        this.ceremony = new Ceremony(rhythm, members, options);
        EffectSink watching = e -> {
            if (e instanceof Effect.Closed c) {
                closedReason = c.reason();
                closed = true;
                timers.cancel();
            }
            sink.accept(e);
        };
        // how the agents hear (live or a digest with their own turns) sits between every step and the world
        Digest digest = new Digest(ceremony, watching);
        this.seats = new Seats(id, ceremony, digest, port);
        this.hearing = new Hearing(ceremony, digest, port);
        this.moves = new PieceMoves(id, ceremony, watching, port);
        this.machine = new GatheringMachine(
                id,
                new Steps(
                        ceremony,
                        digest,
                        digest::phaseEnded,
                        timers,
                        pulse,
                        setting.midTurn().or(hearing::answering)));
        this.ceremony.useVars(machine.variables());
    }

    /**
     * A gathering ready to {@link #start}, run in {@code setting}; it emits its effects to {@code sink}.
     */
    public static Gathering create(
            String id,
            Rhythm rhythm,
            List<Member> members,
            GatheringOptions options,
            Setting setting,
            EffectSink sink) {
        Seats.checkStart(rhythm, members);
        return new Gathering(id, rhythm, members, options, setting, sink);
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
            Setting setting,
            EffectSink sink) {
        return new Gathering(id, rhythm, members, options, setting, sink);
    }

    /**
     * Puts the machine where {@code s} says the gathering was (Spring's own reset, no action runs,
     * nothing is typed) and arms its timers from the journal's times: a beat, grace or cap that fell
     * due while no daemon ran fires once, now. A turn the holder's words (a pass, last words), a pass
     * by command or the holder leaving had already ended, but whose piece had not moved yet, moves on
     * now. A gathering still seeding seeds whom the last daemon had not and begins.
     */
    public CompletableFuture<Void> resume(Snapshot s, Instant now) {
        if (s.state() == GatheringState.SEEDING) {
            pulse();
        }
        return lane.submit(() -> {
            ceremony.restore(s);
            machine.remember("resumed(" + s.state() + ", turn " + s.turn() + ")");
            if (s.state() == GatheringState.SEEDING) {
                send(GatheringEvent.START, Map.of());
                return;
            }
            machine.resetTo(s.state());
            timers.resume(s, ceremony.beats, now);
            if (s.state() != GatheringState.HARVESTING) {
                hearing.resumed(s);
            }
        });
    }

    /**
     * Seeds every member and begins the first turn. The seeds' pulse is searched first, on the caller's
     * thread: while it is, the lane takes what comes (a join, a leaving) instead of waiting behind it.
     */
    public CompletableFuture<Void> start() {
        pulse();
        return lane.submit(() -> send(GatheringEvent.START, Map.of()));
    }

    /** What past talk said of its keywords, as every seed carries it (a late one's too): searched once. */
    public String pulse() {
        return pulse.get();
    }

    /**
     * A member's turn output: relayed if it holds the piece, kept and answered with a reminder if not;
     * after the close, kept as late if the member was mid-turn when it closed.
     */
    public CompletableFuture<Void> onTurnOutput(Member from, String text) {
        return onTurnOutput(from, text, () -> false);
    }

    /**
     * A member's turn output; {@code moreQueued} says whether messages for it were still waiting to
     * be typed or taken when its turn ended, so this turn answered an older one. A real harness
     * answers every message in order: the harvester's answer to something it heard before the
     * harvest prompt is not the harvest, nor are words handed in before that prompt was queued (a
     * turn that ended while the lane was still asking for it). The words' own effect (relay, out of
     * turn, late, harvest) runs first, before the machine moves: when it throws (the journal refused
     * it) the future fails with that and the gathering is as it was, so the same output can be
     * handed in again later.
     */
    public CompletableFuture<Void> onTurnOutput(Member from, String text, BooleanSupplier moreQueued) {
        return onTurnOutput(from, text, moreQueued, () -> true);
    }

    /**
     * As above; {@code beganWithFloor} (asked on the lane): whether the turn began once the floor (the
     * piece, the harvest prompt) reached {@code from}; else its words answer an older message and are
     * kept out of turn, never relayed as the holder's, never moving the piece.
     */
    public CompletableFuture<Void> onTurnOutput(
            Member from, String text, BooleanSupplier moreQueued, BooleanSupplier beganWithFloor) {
        // in this order: the prompt is queued before it is marked asked, so once it is marked the
        // queue read after it shows it (waiting, handed, or taken by the turn these words end).
        // Only the harvest asks what answered what: before it, the member's queue is not read
        boolean answersOlder = !ceremony.wasHarvestAsked() || moreQueued.getAsBoolean();
        hearing.handedIn(from);
        return lane.submit(() -> hearing.hear(from, text, answersOlder, beganWithFloor));
    }

    /** The holder passes the piece, to {@code to} (name or number) or the next speaker. */
    public CompletableFuture<Void> pass(Member by, Optional<String> to) {
        if (!ceremony.isHolder(by)) {
            return CompletableFuture.failedFuture(new IllegalArgumentException(by.name() + " does not hold the piece"
                    + ceremony.holder().map(h -> "; " + h.name() + " does").orElse("")));
        }
        return lane.submit(() -> moves.pass(by, to));
    }

    /**
     * Someone other than the holder moves the piece (an operator: the human member or the starter),
     * to {@code to} or the next speaker; journalled with who did it.
     */
    public CompletableFuture<Void> take(String by, Optional<String> to) {
        return lane.submit(() -> moves.take(by, to));
    }

    /** The human member speaks: like any member, only relayed with the piece. */
    public CompletableFuture<Void> say(String text) {
        return onTurnOutput(seats.human(), text);
    }

    /**
     * {@code m} joins while it runs: it gets a seed with the conversation so far, everyone else is
     * told, and a speaker takes its place at the end of the speaking order from the next round.
     * Refused once the rounds are over. {@code admitted} (into the link, journalled) runs on the lane
     * once the gathering took {@code m} and before anything is said of it: a refused join was never
     * journalled, and every entry after the join may go to {@code m}.
     */
    public CompletableFuture<Void> join(Member m, String pulse, Runnable admitted) {
        return lane.submit(() -> seats.join(m, pulse, admitted));
    }

    /** A member left (its leaving journalled elsewhere): skipped from now on, as below. */
    public CompletableFuture<Void> memberGone(Member m) {
        return memberGone(m, () -> {});
    }

    /**
     * A member's pane died or never became ready: skipped from now on; the turn moves on if it held
     * the piece. {@code journalled} (the link's record of the leaving) runs first, on the lane: in the
     * journal, every piece given before it may go to {@code m}, none after it does.
     */
    public CompletableFuture<Void> memberGone(Member m, Runnable journalled) {
        return lane.submit(() -> {
            journalled.run();
            seats.leave(m);
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
        return GatheringStatus.of(id, ceremony, state(), closedReason(), nextBeat(), clock.instant());
    }

    /** When the holder's next beat comes; none while the beat waits on a holder mid-turn (a lease), in the final beat or after the close. */
    private Optional<Instant> nextBeat() {
        return closed || state() != GatheringState.SPEAKING ? Optional.empty() : timers.due(GatheringEvent.BEAT);
    }

    /** The most recent transitions, oldest first. */
    public List<String> history() {
        return machine.history();
    }

    GatheringState state() {
        // the close is announced and journalled by the transition's action, before the machine
        // reaches CLOSED: from that moment on, status says closed, as the journal does
        if (closed) {
            return GatheringState.CLOSED;
        }
        return machine.state();
    }

    private void send(GatheringEvent event, Map<String, Object> headers) {
        if (!machine.send(event, headers)) {
            throw new IllegalEventException(id, event.name(), state().name(), history());
        }
    }
}
