package dev.gather.gathering;

import dev.gather.journal.Announcement;
import dev.gather.journal.Prompt;
import dev.gather.link.Member;
import dev.gather.link.Names;
import dev.gather.link.Role;
import dev.gather.rhythm.Rhythm;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Who sits in a gathering: the members its rhythm's roles allow at the start, a member joining while
 * it runs, a member whose pane died leaving. Refusals say which rule and the counts.
 */
final class Seats {
    private final String id;
    private final Ceremony c;
    private final Prompting prompting;
    private final EffectSink effects;
    private final MachinePort machine;

    Seats(String id, Ceremony c, EffectSink effects, MachinePort machine) {
        this.id = id;
        this.c = c;
        this.prompting = new Prompting(c);
        this.effects = effects;
        this.machine = machine;
    }

    /** Refuses a rhythm without a talking piece, or members its roles do not allow. */
    static void checkStart(Rhythm rhythm, List<Member> members) {
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
    }

    /** The human member, who speaks through {@code say}. */
    Member human() {
        return c.members.stream()
                .filter(m -> m.role() == Role.HUMAN)
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("gathering " + id + " has no human member"));
    }

    /**
     * {@code m} joins, on the lane: {@code admitted} runs once it may (a refusal throws first), then
     * it is seated, seeded with the conversation so far and announced to everyone else. Refused once
     * the rounds are over, under a name already taken, or beyond the speakers allowed.
     */
    void join(Member m, String pulse, Runnable admitted) {
        boolean isClosed = machine.closed();
        if (isClosed || machine.state() == GatheringState.HARVESTING) {
            throw new IllegalArgumentException(
                    id + " is " + (isClosed ? "closed" : "harvesting") + "; nobody joins now");
        }
        Rhythm rhythm = c.rhythm;
        if (c.members.stream().anyMatch(x -> Names.fold(x.name()).equals(Names.fold(m.name())))) {
            throw new IllegalArgumentException(id + " already has a member called " + m.name());
        }
        if (m.role() != Role.HARVESTER
                && c.members.stream()
                                // a member who left frees its place
                                .filter(x -> x.role() != Role.HARVESTER && c.isPresent(x))
                                .count()
                        >= rhythm.roles().maxSpeakers()) {
            throw new IllegalArgumentException("rhythm " + rhythm.name() + " allows at most "
                    + rhythm.roles().maxSpeakers() + " speakers");
        }
        admitted.run();
        c.join(m);
        effects.accept(new Effect.Announce(Announcement.JOINED, prompting.joined(m), Optional.of(m)));
        effects.accept(new Effect.Inject(m, Prompt.SEED, prompting.lateSeed(m, pulse, c.conversation.said())));
    }

    /** {@code m} left, on the lane: skipped from now on; the turn moves on if it held the piece. */
    void leave(Member m) {
        GatheringState now = machine.state();
        if (machine.closed() || !c.isPresent(m)) {
            return;
        }
        boolean wasHolder = c.isHolder(m);
        machine.send(GatheringEvent.MEMBER_GONE, Map.of(Steps.MEMBER, m));
        if ((now == GatheringState.SPEAKING || now == GatheringState.FINAL_BEAT) && (wasHolder || c.tooFewSpeakers())) {
            machine.send(GatheringEvent.TURN_OVER, Map.of(Steps.REASON, m.name() + " left"));
        }
    }
}
