package dev.gather.gathering;

import dev.gather.link.Member;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

/**
 * What a member's words do in a gathering: the holder's are relayed and a pass phrase in them moves
 * the piece, anyone else's are kept out of turn, the harvester's answer to the harvest prompt is the
 * harvest, and what a member cut off mid-turn says afterwards is kept as late.
 */
final class Hearing {
    private final Ceremony c;
    private final EffectSink effects;
    private final MachinePort machine;
    /**
     * Turn outputs handed to the lane but not yet taken by it, per member. The relay hands a turn
     * over and only then marks the member idle, so a beat that runs in the lane before those words
     * still sees the member mid-turn: there is no instant where it is neither busy nor answering.
     */
    private final Map<Member, Integer> answering = new ConcurrentHashMap<>();

    Hearing(Ceremony c, EffectSink effects, MachinePort machine) {
        this.c = c;
        this.effects = effects;
        this.machine = machine;
    }

    /** The turn-end headers of a pass phrase in the holder's words, to {@code target} ("" for the next speaker). */
    private static Map<String, Object> passedByWords(String target) {
        return Map.of(Steps.TARGET, target, Steps.REASON, "pass", Steps.BY_WORDS, true);
    }

    /** Words of {@code from} were handed to the lane: until {@link #hear} takes them it is still answering. */
    void handedIn(Member from) {
        answering.merge(from, 1, Integer::sum);
    }

    /** Whether words of {@code m} wait on the lane, so its turn is not over yet. */
    boolean answering(Member m) {
        return answering.containsKey(m);
    }

    /**
     * Hears the words {@link #handedIn} earlier, on the lane; {@code moreQueued}: messages for the
     * member still waited to be typed, so these words answer an older one (never the harvest);
     * {@code beganWithFloor}: whether the turn began once the piece (or the harvest prompt) reached
     * the member, else the words answer an older message, even from the holder. The words' own
     * effect runs before the machine moves, so a refusal leaves the gathering as it was.
     */
    void hear(Member from, String text, boolean moreQueued, BooleanSupplier beganWithFloor) {
        answering.computeIfPresent(from, (m, n) -> n > 1 ? n - 1 : null);
        GatheringState now = machine.state();
        if (machine.closed() && c.late(from)) {
            effects.accept(new Effect.Late(from, text));
            return;
        }
        if (machine.closed() || now == GatheringState.SEEDING) {
            return;
        }
        boolean hasFloor = c.isHolder(from)
                || (now == GatheringState.HARVESTING
                        && c.harvester.filter(from::equals).isPresent());
        // asked only of who has the floor: its receipts say whether this turn began with it
        if (hasFloor && !c.owesLateWords(from) && !beganWithFloor.getAsBoolean()) {
            // an answer to something said before the floor reached it: kept, never its turn's words
            effects.accept(new Effect.OutOfTurn(from, text));
            return;
        }
        if (now == GatheringState.HARVESTING
                && !moreQueued
                && c.harvester.filter(from::equals).isPresent()) {
            effects.accept(new Effect.HarvestStored(from, text));
            machine.send(GatheringEvent.HARVEST_DONE, Map.of(Steps.MEMBER, from, Steps.TEXT, text));
            return;
        }
        effects.accept(words(from, text));
        boolean speaksNow = c.isHolder(from) && !c.owesLateWords(from);
        Optional<PassMatcher.Pass> pass =
                speaksNow ? PassMatcher.find(c.rhythm.passPatterns(), text, c.members) : Optional.empty();
        if (now == GatheringState.FINAL_BEAT && speaksNow) {
            // the last words end the turn themselves, to whoever they name
            machine.send(
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
        machine.send(GatheringEvent.OUTPUT, Map.of(Steps.MEMBER, from, Steps.TEXT, text));
        pass.ifPresent(p -> passOn(p.target().orElse("")));
    }

    /** The holder's pass phrase moves the piece; its words are taken by now (a refused move comes again: Steps). */
    private void passOn(String target) {
        machine.send(GatheringEvent.TURN_OVER, passedByWords(target));
    }

    /**
     * A resumed turn that the holder's words (a pass, last words), a pass by command or the holder
     * leaving had already ended, but whose piece had not moved yet when the daemon stopped, moves on.
     */
    void resumed(Snapshot s) {
        Optional<String> target = s.holderWords()
                .flatMap(w -> PassMatcher.find(c.rhythm.passPatterns(), w, c.members))
                .map(p -> p.target().orElse(""));
        boolean holderLeft = c.holder().filter(h -> !c.isPresent(h)).isPresent();
        if (s.passedByCommand() || target.isPresent() || s.wordsAfterFinalBeat() || holderLeft) {
            passOn(target.orElse(""));
        }
    }

    /**
     * What a member's words are, as the one effect that keeps them: late (the answer to a turn that
     * was cut, even when the piece came back to it meanwhile), relayed (the holder's), or kept out of
     * turn. Emitted before the machine hears of them, so a refusal changes nothing.
     */
    private Effect words(Member from, String text) {
        if (c.owesLateWords(from)) {
            return new Effect.Late(from, text);
        }
        if (!c.isHolder(from)) {
            return new Effect.OutOfTurn(from, text);
        }
        return c.phase().isPrivate()
                ? new Effect.Confide(
                        from, text, c.harvester.filter(c::isPresent).stream().toList())
                : new Effect.Relay(from, text);
    }
}
