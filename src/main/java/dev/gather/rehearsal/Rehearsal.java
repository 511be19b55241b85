package dev.gather.rehearsal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.gathering.Effect;
import dev.gather.gathering.Gathering;
import dev.gather.gathering.GatheringOptions;
import dev.gather.gathering.Setting;
import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.rhythm.Beats;
import dev.gather.rhythm.Durations;
import dev.gather.rhythm.Rhythm;
import dev.gather.time.ManualScheduler;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Runs a rhythm on the machine every gathering runs, in virtual time, with scripted members instead
 * of agents: a day of beats in a blink. Each member hears what it would find typed into its pane and
 * answers as its {@link Behaviour} says; the timeline is what the gathering's journal would hold.
 */
public final class Rehearsal {
    /** Steps after which a rehearsal that has not closed is called endless. */
    private static final int MAX_STEPS = 10_000;
    /** Virtual time after which a rehearsal that has not closed is called endless. */
    private static final Duration HORIZON = Duration.ofDays(2);

    private final ManualScheduler time = new ManualScheduler();
    private final Instant start = time.clock().instant();
    private final Map<Member, Player> players = new LinkedHashMap<>();
    private final Deque<Delivery> inbox = new ArrayDeque<>();
    private final List<ObjectNode> entries = new ArrayList<>();
    private final List<Member> members = new ArrayList<>();
    private final Gathering gathering;
    private final Budget budget;

    private Rehearsal(
            Rhythm rhythm, List<Part> parts, GatheringOptions options, Supplier<String> pulse, Budget budget) {
        this.budget = budget;
        for (Part p : parts) {
            int n = members.size() + 1;
            members.add(
                    p.role() == Role.HUMAN
                            ? new Member(p.name(), n, Role.HUMAN, Optional.empty())
                            : Member.inPane(p.name(), n, p.role(), "%" + n));
        }
        Beats beats = rhythm.beats()
                .with(
                        options.beatsPerTurn().orElse(null),
                        options.beatInterval().orElse(null),
                        options.grace().orElse(null));
        // a slow member finishes an interval after the turn cap has taken the piece from it
        Duration slowness = beats.turnCap().plus(beats.interval());
        List<Member> speakers =
                members.stream().filter(m -> m.role() != Role.HARVESTER).toList();
        for (int i = 0; i < parts.size(); i++) {
            players.put(members.get(i), new Player(members.get(i), parts.get(i).behaviour(), slowness, speakers));
        }
        Map<String, String> cast = new LinkedHashMap<>();
        parts.forEach(p -> p.cast().ifPresent(part -> cast.put(p.name(), part)));
        this.gathering = Gathering.create(
                "rehearsal",
                rhythm,
                members,
                options.casting(cast),
                new Setting(time, time.clock(), Runnable::run, pulse, m -> players.get(m)
                        .midTurn()),
                this::record);
    }

    /**
     * Rehearses {@code rhythm} with {@code parts} (in this order, numbered from 1) and returns what
     * happened, within {@link Budget#CPU} of this thread's CPU time.
     */
    public static Timeline run(Rhythm rhythm, List<Part> parts, GatheringOptions options, Supplier<String> pulse) {
        return run(rhythm, parts, options, pulse, Budget.cpu(Budget.CPU));
    }

    /**
     * The same within {@code budget}. Throws {@link IllegalArgumentException} saying why when the parts
     * cannot gather in this rhythm (too few or too many speakers, a part the rhythm lacks).
     */
    public static Timeline run(
            Rhythm rhythm, List<Part> parts, GatheringOptions options, Supplier<String> pulse, Budget budget) {
        return new Rehearsal(rhythm, parts, options, pulse, budget).play();
    }

    private Timeline play() {
        gathering.start().join();
        react();
        String stop = "";
        for (int steps = 0; !gathering.closed() && stop.isEmpty(); steps++) {
            Optional<Instant> next = time.nextDue();
            if (next.isEmpty()) {
                stop = "nothing more is due to happen";
            } else if (Duration.between(start, next.get()).compareTo(HORIZON) > 0) {
                stop = "its next step is due after " + Durations.format(HORIZON);
            } else if (steps >= MAX_STEPS) {
                stop = "it took " + MAX_STEPS + " steps";
            } else if (budget.spent()) {
                stop = budget.reason();
            } else {
                time.advance(Duration.between(time.clock().instant(), next.get()));
                react();
            }
        }
        Duration took = Duration.between(start, time.clock().instant());
        return new Timeline(
                entries, gathering.closed(), took, Flags.of(gathering, players.values(), entries, took, stop));
    }

    /** Every member hears what was typed into its pane, in order; its answers are due after their delay. */
    private void react() {
        while (!inbox.isEmpty()) {
            Delivery d = inbox.poll();
            Player p = players.get(d.to());
            p.hear(d)
                    .ifPresent(a -> time.after(a.after(), () -> {
                        p.answered();
                        gathering.onTurnOutput(p.member(), a.text());
                    }));
        }
    }

    private void record(Effect e) {
        // a rehearsal's members never leave: every one of them is in the link to the end
        List<Member> present = members;
        Entries.of(e, present).ifPresent(o -> {
            o.put("at_ms", Duration.between(start, time.clock().instant()).toMillis());
            entries.add(o);
        });
        inbox.addAll(Entries.deliveries(e, present));
    }
}
