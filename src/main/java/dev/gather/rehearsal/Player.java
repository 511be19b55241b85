package dev.gather.rehearsal;

import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.sim.Replies;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A scripted member: hears what a real member would find typed into its pane and answers as its
 * behaviour says, in the words a sim would use.
 */
final class Player {
    /** An answer to give after {@code after}; {@code slow} keeps the member mid-turn until then. */
    record Answer(Duration after, String text) {}

    private final Member member;
    private final Behaviour behaviour;
    private final Replies replies;
    private final Duration slowness;
    private final List<Member> speakers;
    private boolean answering;

    Player(Member member, Behaviour behaviour, Duration slowness, List<Member> speakers) {
        this.member = member;
        this.behaviour = behaviour;
        // a harvester's answer is the harvest, never a pass; a speaker passes with every answer
        this.replies = new Replies(member.name(), member.role() == Role.HARVESTER ? 0 : 1, "");
        this.slowness = slowness;
        this.speakers = speakers;
    }

    Member member() {
        return member;
    }

    Behaviour behaviour() {
        return behaviour;
    }

    /** What it answers to {@code d}, if anything. */
    Optional<Answer> hear(Delivery d) {
        if (answering) {
            return Optional.empty();
        }
        boolean floor = d.givesFloor();
        return switch (behaviour) {
            case SILENT -> Optional.empty();
            case ANSWERS -> floor ? Optional.of(new Answer(Duration.ZERO, replies.to(d.text()))) : Optional.empty();
            case PASSES -> floor
                    ? Optional.of(new Answer(Duration.ZERO, replies.to(d.text(), skipOne())))
                    : Optional.empty();
            case INTERRUPTS -> floor || d.via().equals("relay")
                    ? Optional.of(new Answer(Duration.ZERO, replies.to(d.text())))
                    : Optional.empty();
            case SLOW -> {
                if (!floor) {
                    yield Optional.empty();
                }
                answering = true;
                yield Optional.of(new Answer(slowness, replies.to(d.text())));
            }
        };
    }

    /** Its slow answer is out: it is no longer mid-turn. */
    void answered() {
        answering = false;
    }

    /** Whether it is working on an answer (mid-turn, as a harness busy since its last prompt). */
    boolean midTurn() {
        return answering;
    }

    /** The speaker after the next one in the order, by name (the next one when there are only two). */
    private String skipOne() {
        int i = speakers.indexOf(member);
        if (i < 0 || speakers.size() < 2) {
            return "";
        }
        int step = speakers.size() > 2 ? 2 : 1;
        return speakers.get((i + step) % speakers.size()).name();
    }
}
