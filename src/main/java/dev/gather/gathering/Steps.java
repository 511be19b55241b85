package dev.gather.gathering;

import dev.gather.journal.Announcement;
import dev.gather.journal.Counters;
import dev.gather.journal.Prompt;
import dev.gather.link.Member;
import dev.gather.rhythm.Phase;
import dev.gather.rhythm.Reveal;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.springframework.statemachine.StateContext;
import org.springframework.statemachine.action.Action;
import org.springframework.statemachine.guard.Guard;

/** The named actions of the transition table, over one gathering's ceremony; its guards are {@link Guards}. */
final class Steps {
    static final String MEMBER = "member";
    static final String TEXT = "text";
    static final String TARGET = "target";
    static final String REASON = "reason";
    /** Marks a turn end that the holder's own words asked for (a pass phrase). */
    static final String BY_WORDS = "byWords";

    private static final String REQUESTED = "requested";
    /** How often a wait for a mid-turn holder looks again, at most. */
    private static final Duration RECHECK = Duration.ofSeconds(2);

    private final Ceremony c;
    private final Prompting prompts;
    private final EffectSink sink;
    /** A phase ended before the next one begins (not at the harvest or close): hearing may pass on what it said. */
    private final Runnable phaseEnded;

    private final Timers timers;
    private final Supplier<String> pulse;
    private final Predicate<Member> midTurn;
    private final Reveals reveals;
    /** The beat, grace and max-turn timers of the current turn (or of the harvest): one per event. */
    interface Timers {
        /** Fires {@code event} after {@code d}, replacing a pending timer for the same event. */
        void in(Duration d, GatheringEvent event);

        /** Looks again after {@code d} (a lease wait on a holder mid-turn): nothing is due then. */
        void recheck(Duration d, GatheringEvent event);

        void cancel();
    }

    Steps(
            Ceremony c,
            EffectSink sink,
            Runnable phaseEnded,
            Timers timers,
            Supplier<String> pulse,
            Predicate<Member> midTurn) {
        this.c = c;
        this.prompts = new Prompting(c);
        this.sink = sink;
        this.phaseEnded = phaseEnded;
        this.timers = timers;
        this.pulse = pulse;
        this.midTurn = midTurn;
        this.reveals = c.reveals;
    }

    Map<String, Action<GatheringState, GatheringEvent>> actions() {
        Map<String, Action<GatheringState, GatheringEvent>> a = new HashMap<>();
        a.put("seedAndBegin", ctx -> {
            String p = pulse.get();
            // a resumed gathering that was seeding does not seed twice whom the last daemon seeded
            c.present().stream()
                    .filter(m -> !c.seeded(m))
                    .forEach(m -> sink.accept(new Effect.Inject(m, Prompt.SEED, prompts.seedAndPart(m, p))));
            nextTurn(Optional.empty());
        });
        a.put("nextTurn", ctx -> nextTurn(requested(c, ctx)));
        a.put("beat", ctx -> beat());
        a.put("waitForHolder", ctx -> timers.recheck(recheck(), ctx.getEvent()));
        a.put("output", this::output);
        a.put("lastWords", ctx -> {
            output(ctx);
            endTurn(ctx);
        });
        a.put("endTurn", this::endTurn);
        a.put("askHarvest", ctx -> {
            if (c.ending().isEmpty() && c.tooFewSpeakers()) {
                c.ending("too few speakers");
            }
            phaseEnds();
            c.release();
            Member h = c.harvester.orElseThrow();
            sink.accept(new Effect.Inject(h, Prompt.HARVEST, prompts.harvest(h)));
            c.harvestAsked();
            timers.in(c.beats.interval().multipliedBy(c.beats.perTurn()).plus(c.beats.grace()), GatheringEvent.TIME_UP);
            timers.in(c.beats.turnCap(), GatheringEvent.MAX_TURN);
        });
        a.put("close", ctx -> close(header(ctx, REASON).orElse("ended"), true));
        a.put("finish", ctx -> {
            phaseEnds();
            close(c.ending()
                            .or(() -> c.tooFewSpeakers() ? Optional.of("too few speakers") : Optional.empty())
                            .orElse("the breath is complete")
                    + (c.harvester.isPresent() && !c.harvesterPresent() ? "; no harvest: the harvester left" : ""));
        });
        a.put(
                "closeUnharvested",
                ctx -> close(c.ending().map(e -> e + "; ").orElse("")
                        + (ctx.getEvent() == GatheringEvent.MEMBER_GONE
                                ? "no harvest: the harvester left"
                                : "no harvest: the harvester did not answer in time")));
        a.put("storeHarvest", ctx -> {
            // the harvest itself was stored before this event (Gathering.onTurnOutput)
            close(c.ending().map(e -> e + "; harvest complete").orElse("harvest complete"));
        });
        a.put("stillHarvesting", ctx -> {
            // ending while the harvester writes: the harvest (bounded) already ends it; the close says who asked
            if (c.ending().isEmpty()) {
                c.ending(header(ctx, REASON).orElse("ended"));
            }
        });
        a.put("gone", ctx -> {
            Member m = member(ctx);
            if (c.leave(m)) {
                sink.accept(new Effect.Announce(Announcement.LEFT, prompts.left(m), Optional.of(m)));
            }
        });
        return a;
    }

    /** The named guards of the transition table, over the same ceremony. */
    Map<String, Guard<GatheringState, GatheringEvent>> guards() {
        return new Guards(c, midTurn).all();
    }

    private Duration recheck() {
        return c.beats.interval().compareTo(RECHECK) < 0 ? c.beats.interval() : RECHECK;
    }

    /**
     * The turn ends (pass, time, cap, end). Unless its own words ended it (they were just heard, its
     * channel may not know yet), a holder still mid-turn will have its next words marked late.
     */
    private void endTurn(StateContext<GatheringState, GatheringEvent> ctx) {
        timers.cancel();
        boolean byItsWords = ctx.getEvent() == GatheringEvent.OUTPUT || ctx.getMessageHeader(BY_WORDS) != null;
        if (!byItsWords) {
            c.holder().filter(c::isPresent).filter(midTurn).ifPresent(c::cutOff);
        }
        if (ctx.getEvent() == GatheringEvent.END) {
            c.ending(header(ctx, REASON).orElse("ended"));
        }
        ctx.getExtendedState().getVariables().put(REQUESTED, header(ctx, TARGET).orElse(""));
    }

    /**
     * The piece moves to {@code requested}, or the next in order. If the move is refused (its
     * announcement cannot be journalled), the turn that ended took its timers with it, however it
     * ended (its words, a pass or take by command, its holder leaving, its time): the turn cap comes
     * again shortly and moves the piece on in order (the one named is not kept), else the gathering
     * would stand still with nothing to move it.
     */
    private void nextTurn(Optional<Member> requested) {
        try {
            announceNext(requested);
        } catch (RuntimeException refused) {
            timers.in(StepTimers.STEP_RETRY, GatheringEvent.MAX_TURN);
            throw refused;
        }
    }

    private void announceNext(Optional<Member> requested) {
        Ceremony.NextTurn next = c.peekNext(requested).orElseThrow();
        Snapshot.Round round = new Snapshot.Round(next.phaseIndex(), next.round());
        Counters counters = new Counters(next.phaseIndex(), next.round(), c.turn() + 1);
        // a move that comes again after its holder's announcement was refused does not end the phase
        // or announce the round a second time: both went out the first time
        if (!c.opened(round)) {
            if (c.holder().isPresent() && next.phaseIndex() != c.phaseIndex()) {
                phaseEnds();
                phaseEnded.run();
            }
            if (next.roundStarts()) {
                // with the counters of the round it begins: a restart before its first turn's announcement
                // knows that it was announced (the journal's replay)
                sink.accept(new Effect.Announce(
                        Announcement.PHASE,
                        prompts.phase(c.rhythm.breath().get(next.phaseIndex()), next.round()),
                        Optional.empty(),
                        Optional.of(counters)));
            }
            c.open(round);
        }
        // the counters the turn will have: it begins only once it was announced, so a refused
        // announcement leaves it not begun and the step comes again
        sink.accept(new Effect.Announce(
                Announcement.TURN,
                prompts.turn(next.holder(), c.rhythm.breath().get(next.phaseIndex())),
                Optional.of(next.holder()),
                Optional.of(counters)));
        c.begin(next);
        timers.in(c.beats.interval(), GatheringEvent.BEAT);
        timers.in(c.beats.turnCap(), GatheringEvent.MAX_TURN);
    }

    private void beat() {
        Member holder = c.holder().orElseThrow();
        int b = c.beat() + 1;
        boolean last = b >= c.beats.perTurn();
        // the prompt first: refused (the journal cannot be written), the beat is not counted and comes again
        sink.accept(new Effect.Inject(
                holder, last ? Prompt.FINAL_BEAT : Prompt.BEAT, prompts.beat(holder, b, c.conversation.microPulse())));
        c.nextBeat();
        if (last) {
            timers.in(c.beats.grace(), GatheringEvent.TIME_UP);
        } else {
            timers.in(c.beats.interval(), GatheringEvent.BEAT);
        }
    }

    /**
     * The phase of the turn just over ends: a private phase that reveals shows everyone what it
     * heard (then it is said, for the pulse and who joins later); either way its answers are done.
     */
    private void phaseEnds() {
        Phase p = c.phase();
        if (p.reveal() != Reveal.NONE && reveals.any()) {
            List<Reveals.Answer> answers = reveals.answers(p.reveal());
            sink.accept(new Effect.Announce(Announcement.REVEAL, prompts.reveal(p, answers)));
            reveals.told(answers);
        }
        reveals.clear();
    }

    /** What follows a member's words, once {@link Hearing} kept them. */
    private void output(StateContext<GatheringState, GatheringEvent> ctx) {
        Member from = member(ctx);
        String text = header(ctx, TEXT).orElse("");
        if (c.late(from)) {
            return;
        }
        if (c.isHolder(from)) {
            if (c.phase().isPrivate()) {
                reveals.seal(from, text);
            } else {
                c.conversation.heard(from, text);
            }
            if (ctx.getSource() != null && ctx.getSource().getId() == GatheringState.SPEAKING) {
                // the next beat comes a full interval after the holder's words, however long they took
                timers.in(c.beats.interval(), GatheringEvent.BEAT);
            }
            return;
        }
        c.holder()
                .filter(h -> c.shouldRemind(from))
                .ifPresent(h -> sink.accept(new Effect.Inject(from, Prompt.REMINDER, prompts.reminder(from, h))));
    }

    private void close(String reason) {
        close(reason, false);
    }

    /** {@code atOnce}: ended now by command, without waiting for busy members to hear the last words. */
    private void close(String reason, boolean atOnce) {
        timers.cancel();
        // whoever is mid-turn as it closes still owes words: they come late, and are kept as such
        c.present().stream().filter(midTurn).forEach(c::cutOff);
        c.release();
        sink.accept(new Effect.Announce(Announcement.CLOSING, prompts.closing(reason)));
        sink.accept(new Effect.Closed(reason, atOnce));
    }

    /** The speaker a turn's end asked for (by pass phrase, command or name), if one is present. */
    static Optional<Member> requested(Ceremony c, StateContext<GatheringState, GatheringEvent> ctx) {
        Object r = ctx.getExtendedState().getVariables().get(REQUESTED);
        if (r == null || r.toString().isEmpty()) {
            return Optional.empty();
        }
        return PassMatcher.resolve(r.toString(), c.presentSpeakers());
    }

    static Member member(StateContext<GatheringState, GatheringEvent> ctx) {
        return (Member) ctx.getMessageHeader(MEMBER);
    }

    private static Optional<String> header(StateContext<GatheringState, GatheringEvent> ctx, String name) {
        Object v = ctx.getMessageHeader(name);
        return v == null ? Optional.empty() : Optional.of(v.toString());
    }
}
