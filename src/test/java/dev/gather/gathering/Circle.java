package dev.gather.gathering;

import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.rhythm.Beats;
import dev.gather.rhythm.Rhythm;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.time.ManualScheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Predicate;

/** A gathering in virtual time with recorded effects: the fixture of the engine tests. */
final class Circle {
    static final List<String> NAMES =
            List.of("Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Ivy", "Jo", "Kai", "Lu", "Mo");

    final ManualScheduler time = new ManualScheduler();
    final List<Effect> effects = new CopyOnWriteArrayList<>();
    final List<Member> members = new ArrayList<>();
    /** Members the fake channels see mid-turn (busy since their last delivery). */
    final Set<Member> busy = ConcurrentHashMap.newKeySet();

    final Gathering gathering;
    /** While set, the sink refuses every effect as a journal that cannot be written does. */
    volatile boolean refusing;
    /** The effects the sink refuses besides (a disk that fills between two writes). */
    volatile Predicate<Effect> refuses = e -> false;
    /** Runs as each effect is recorded, on the lane: what another thread does meanwhile. */
    volatile Consumer<Effect> meanwhile = e -> {};
    /** What the search of earlier talk finds, asked once as the gathering starts. */
    volatile String pulse = "calm seas";

    Circle(String rhythm, int speakers, boolean harvester, boolean human) {
        this(RhythmLibrary.shippedRhythm(rhythm).orElseThrow(), speakers, harvester, human, GatheringOptions.NONE);
    }

    Circle(Rhythm rhythm, int speakers, boolean harvester, boolean human, GatheringOptions options) {
        for (int i = 0; i < speakers; i++) {
            members.add(Member.inPane(NAMES.get(i), members.size() + 1, Role.SPEAKER, "%" + (members.size() + 1)));
        }
        if (human) {
            members.add(new Member("Hu", members.size() + 1, Role.HUMAN, Optional.empty()));
        }
        if (harvester) {
            members.add(Member.inPane("Hal", members.size() + 1, Role.HARVESTER, "%" + (members.size() + 1)));
        }
        gathering = Gathering.create(
                "g-test",
                rhythm,
                members,
                options,
                new Setting(time, time.clock(), Runnable::run, () -> pulse, busy::contains),
                e -> {
                    if (refusing || refuses.test(e)) {
                        throw new IllegalStateException("cannot write journal (No space left on device)");
                    }
                    effects.add(e);
                    meanwhile.accept(e);
                });
    }

    Member m(String name) {
        return members.stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
    }

    Member holder() {
        return gathering.status().holder().orElseThrow();
    }

    /** Texts of announcements of {@code kind}, in order. */
    List<String> announced(String kind) {
        return effects.stream()
                .filter(e -> e instanceof Effect.Announce a && a.kind().word().equals(kind))
                .map(e -> ((Effect.Announce) e).text())
                .toList();
    }

    List<Effect.Inject> injected(String kind) {
        return effects.stream()
                .filter(e -> e instanceof Effect.Inject i && i.kind().word().equals(kind))
                .map(e -> (Effect.Inject) e)
                .toList();
    }

    <T extends Effect> List<T> of(Class<T> type) {
        return effects.stream().filter(type::isInstance).map(type::cast).toList();
    }

    List<Effect.Relay> relayed() {
        return effects.stream()
                .filter(e -> e instanceof Effect.Relay)
                .map(e -> (Effect.Relay) e)
                .toList();
    }

    /** The holder says something and passes on by phrase, until the gathering harvests or closes. */
    void passAround(int maxTurns) {
        for (int i = 0; i < maxTurns && gathering.state() != GatheringState.HARVESTING && !gathering.closed(); i++) {
            Member h = holder();
            gathering
                    .onTurnOutput(h, h.name() + " speaks, turn " + i + ". I pass the piece.")
                    .join();
        }
    }

    /** A standard circle of three and a harvester whose turns are capped at {@code max}. */
    static Circle withMaxTurn(Duration max) {
        var r = RhythmLibrary.shippedRhythm("standard").orElseThrow();
        var beats =
                new Beats(r.beats().perTurn(), r.beats().interval(), r.beats().grace(), Optional.of(max));
        return new Circle(withBeats(r, beats), 3, true, false, GatheringOptions.NONE);
    }

    private static Rhythm withBeats(Rhythm r, Beats b) {
        return new Rhythm(
                r.name(),
                r.description(),
                r.openingQuestion(),
                r.talkingPiece(),
                r.breath(),
                b,
                r.passPatterns(),
                r.roles(),
                r.prompts(),
                r.turnBudget(),
                r.listening());
    }

    /** A standard circle of three and a harvester, started. */
    static Circle started() {
        Circle c = new Circle("standard", 3, true, false);
        c.gathering.start().join();
        return c;
    }

    static <T> T last(List<T> list) {
        return list.get(list.size() - 1);
    }
}
