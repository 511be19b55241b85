package dev.gather.gathering;

import dev.gather.link.Member;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.springframework.statemachine.StateContext;
import org.springframework.statemachine.action.Action;
import org.springframework.statemachine.guard.Guard;

/** The named actions and guards of the transition table, over one gathering's ceremony. */
final class Steps {
    static final String MEMBER = "member";
    static final String TEXT = "text";
    static final String TARGET = "target";
    static final String REASON = "reason";
    private static final String REQUESTED = "requested";

    private final Ceremony c;
    private final Prompting prompts;
    private final EffectSink sink;
    private final Timers timers;
    private final Supplier<String> pulse;

    /** The beat and grace timers of the current turn. */
    interface Timers {
        void beatIn(java.time.Duration d);

        void turnOverIn(java.time.Duration d);

        void cancel();
    }

    Steps(Ceremony c, EffectSink sink, Timers timers, Supplier<String> pulse) {
        this.c = c;
        this.prompts = new Prompting(c);
        this.sink = sink;
        this.timers = timers;
        this.pulse = pulse;
    }

    Map<String, Action<GatheringState, GatheringEvent>> actions() {
        Map<String, Action<GatheringState, GatheringEvent>> a = new java.util.HashMap<>();
        a.put("seedAndBegin", ctx -> {
            String p = pulse.get();
            c.members.forEach(m -> sink.accept(new Effect.Inject(m, "seed", prompts.seed(m, p))));
            nextTurn(Optional.empty());
        });
        a.put("nextTurn", ctx -> nextTurn(requested(ctx)));
        a.put("beat", ctx -> beat());
        a.put("output", this::output);
        a.put("endTurn", ctx -> {
            timers.cancel();
            ctx.getExtendedState()
                    .getVariables()
                    .put(REQUESTED, header(ctx, TARGET).orElse(""));
        });
        a.put("askHarvest", ctx -> {
            c.release();
            Member h = c.harvester.orElseThrow();
            sink.accept(new Effect.Inject(h, "harvest", prompts.harvest(h)));
            timers.turnOverIn(c.beats.interval().multipliedBy(c.beats.perTurn()).plus(c.beats.grace()));
        });
        a.put("close", ctx -> close(header(ctx, REASON).orElse("ended")));
        a.put("finish", ctx -> close(c.tooFewSpeakers() ? "too few speakers" : "the breath is complete"));
        a.put("storeHarvest", ctx -> {
            sink.accept(new Effect.HarvestStored(member(ctx), header(ctx, TEXT).orElse("")));
            close("harvest complete");
        });
        a.put("gone", ctx -> {
            Member m = member(ctx);
            if (c.leave(m)) {
                sink.accept(new Effect.Announce("left", prompts.left(m), Optional.of(m)));
            }
        });
        return a;
    }

    Map<String, Guard<GatheringState, GatheringEvent>> guards() {
        return Map.of(
                "beatIsFinal", ctx -> c.nextBeatIsFinal(),
                "beatIsNotFinal", ctx -> !c.nextBeatIsFinal(),
                "breathDoneWithHarvester", ctx -> breathDone(ctx) && c.harvesterPresent(),
                "breathDone", this::breathDone);
    }

    private boolean breathDone(StateContext<GatheringState, GatheringEvent> ctx) {
        return c.tooFewSpeakers() || c.peekNext(requested(ctx)).isEmpty();
    }

    private void nextTurn(Optional<Member> requested) {
        Ceremony.NextTurn next = c.peekNext(requested).orElseThrow();
        if (next.roundStarts()) {
            sink.accept(new Effect.Announce(
                    "phase", prompts.phase(c.rhythm.breath().get(next.phaseIndex()), next.round())));
        }
        c.begin(next);
        sink.accept(new Effect.Announce("turn", prompts.turn(next.holder()), Optional.of(next.holder())));
        timers.beatIn(c.beats.interval());
    }

    private void beat() {
        Member holder = c.holder().orElseThrow();
        int b = c.nextBeat();
        boolean last = b >= c.beats.perTurn();
        sink.accept(new Effect.Inject(holder, last ? "final_beat" : "beat", prompts.beat(holder, b, c.microPulse())));
        if (last) {
            timers.turnOverIn(c.beats.grace());
        } else {
            timers.beatIn(c.beats.interval());
        }
    }

    private void output(StateContext<GatheringState, GatheringEvent> ctx) {
        Member from = member(ctx);
        String text = header(ctx, TEXT).orElse("");
        if (c.isHolder(from)) {
            c.heard(from, text);
            sink.accept(new Effect.Relay(from, text));
            return;
        }
        sink.accept(new Effect.OutOfTurn(from, text));
        c.holder()
                .filter(h -> c.shouldRemind(from))
                .ifPresent(h -> sink.accept(new Effect.Inject(from, "reminder", prompts.reminder(from, h))));
    }

    private void close(String reason) {
        timers.cancel();
        c.release();
        sink.accept(new Effect.Announce("closing", prompts.closing(reason)));
        sink.accept(new Effect.Closed(reason));
    }

    private Optional<Member> requested(StateContext<GatheringState, GatheringEvent> ctx) {
        Object r = ctx.getExtendedState().getVariables().get(REQUESTED);
        if (r == null || r.toString().isEmpty()) {
            return Optional.empty();
        }
        return PassMatcher.resolve(r.toString(), c.presentSpeakers());
    }

    private static Member member(StateContext<GatheringState, GatheringEvent> ctx) {
        return (Member) ctx.getMessageHeader(MEMBER);
    }

    private static Optional<String> header(StateContext<GatheringState, GatheringEvent> ctx, String name) {
        Object v = ctx.getMessageHeader(name);
        return v == null ? Optional.empty() : Optional.of(v.toString());
    }
}
