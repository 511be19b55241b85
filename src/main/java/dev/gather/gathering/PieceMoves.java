package dev.gather.gathering;

import dev.gather.link.Member;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The piece moved by command rather than by words: its holder passes it, or an operator (the human
 * member or the starter) takes it and gives it on. Each move is noted with who made it before the
 * machine moves, so the journal says why the turn ended.
 */
final class PieceMoves {
    private final String id;
    private final Ceremony c;
    private final EffectSink effects;
    private final MachinePort machine;

    PieceMoves(String id, Ceremony c, EffectSink effects, MachinePort machine) {
        this.id = id;
        this.c = c;
        this.effects = effects;
        this.machine = machine;
    }

    /** On the lane: the holder {@code by} passes to {@code to} (name or number) or the next speaker. */
    void pass(Member by, Optional<String> to) {
        effects.accept(new Effect.Note(
                Effect.Note.Kind.PASS,
                by.name() + " passed the piece by command"
                        + to.map(t -> " to " + t).orElse("")));
        machine.send(GatheringEvent.TURN_OVER, Map.of(Steps.TARGET, to.orElse(""), Steps.REASON, "pass"));
    }

    /** On the lane: {@code by} takes the piece from its holder and gives it to {@code to} or the next speaker. */
    void take(String by, Optional<String> to) {
        GatheringState now = machine.state();
        if (machine.closed() || (now != GatheringState.SPEAKING && now != GatheringState.FINAL_BEAT)) {
            throw new IllegalArgumentException(
                    "nobody holds the piece of " + id + " (it is " + now.name().toLowerCase(Locale.ROOT) + ")");
        }
        Member from = c.holder().orElseThrow();
        Optional<Member> target = to.map(t -> PassMatcher.resolve(t, c.presentSpeakers())
                .orElseThrow(() -> new IllegalArgumentException("no speaker '" + t + "' is present in " + id)));
        effects.accept(new Effect.Note(
                Effect.Note.Kind.TAKE,
                by + " took the piece from " + from.name()
                        + target.map(m -> " and gave it to " + m.name()).orElse("")));
        machine.send(
                GatheringEvent.TURN_OVER,
                Map.of(Steps.TARGET, target.map(Member::name).orElse(""), Steps.REASON, "taken by " + by));
    }
}
