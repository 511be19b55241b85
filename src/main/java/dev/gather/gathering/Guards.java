package dev.gather.gathering;

import dev.gather.link.Member;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.springframework.statemachine.StateContext;
import org.springframework.statemachine.guard.Guard;

/**
 * The named guards of the transition table: whether the one with the floor is mid-turn, whether a
 * beat is the last, whose words these are, whether the breath is done.
 */
final class Guards {
    private final Ceremony c;
    private final Predicate<Member> midTurn;

    /** {@code midTurn}: whether a member is in a turn of its own now. */
    Guards(Ceremony c, Predicate<Member> midTurn) {
        this.c = c;
        this.midTurn = midTurn;
    }

    Map<String, Guard<GatheringState, GatheringEvent>> all() {
        return Map.ofEntries(
                Map.entry("midTurn", this::midTurn),
                Map.entry("notMidTurn", ctx -> !midTurn(ctx)),
                Map.entry("beatIsFinal", ctx -> !midTurn(ctx) && c.nextBeatIsFinal()),
                Map.entry("beatIsNotFinal", ctx -> !midTurn(ctx) && !c.nextBeatIsFinal()),
                Map.entry("fromHolder", ctx -> speaksNow(Steps.member(ctx))),
                Map.entry("fromOther", ctx -> !speaksNow(Steps.member(ctx))),
                Map.entry(
                        "isHarvester",
                        ctx -> c.harvester.filter(Steps.member(ctx)::equals).isPresent()),
                Map.entry(
                        "notHarvester",
                        ctx -> c.harvester.filter(Steps.member(ctx)::equals).isEmpty()),
                Map.entry("doneWithHarvest", ctx -> done(ctx) && c.harvesterPresent()),
                Map.entry("done", this::done));
    }

    /** Whether the one who has the floor (the holder, or the harvester while harvesting) is mid-turn. */
    private boolean midTurn(StateContext<GatheringState, GatheringEvent> ignored) {
        // while harvesting nobody holds the piece: the harvester has the floor
        Optional<Member> floor = c.holder().or(() -> c.harvester);
        return floor.filter(c::isPresent).map(midTurn::test).orElse(false);
    }

    private boolean done(StateContext<GatheringState, GatheringEvent> ctx) {
        return c.ending().isPresent()
                || c.tooFewSpeakers()
                || c.peekNext(Steps.requested(c, ctx)).isEmpty();
    }

    /** Whether {@code m}'s words now are its turn's: it holds the piece and owes no late words of an earlier turn. */
    private boolean speaksNow(Member m) {
        return c.isHolder(m) && !c.owesLateWords(m);
    }
}
