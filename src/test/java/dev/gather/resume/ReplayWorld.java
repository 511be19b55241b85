package dev.gather.resume;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.delivery.PostOffice;
import dev.gather.gathering.Effect;
import dev.gather.gathering.Gathering;
import dev.gather.gathering.GatheringOptions;
import dev.gather.gathering.GatheringStatus;
import dev.gather.gathering.Setting;
import dev.gather.gathering.Snapshot;
import dev.gather.journal.Announcement;
import dev.gather.journal.Journals;
import dev.gather.journal.Line;
import dev.gather.journal.Transcript;
import dev.gather.link.Link;
import dev.gather.link.Links;
import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.ops.StartGatheringOp;
import dev.gather.relay.EffectRunner;
import dev.gather.relay.FakePanePost;
import dev.gather.relay.Relay;
import dev.gather.rhythm.Rhythm;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.time.ManualScheduler;
import dev.gather.tmux.FakeTmux;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A gathering running in virtual time over fake panes, its journal written by the real relay and
 * effect runner: the world the replay and resume tests stop and start again.
 */
final class ReplayWorld implements AutoCloseable {
    static final Duration INTERVAL = Duration.ofSeconds(10);
    private static final Duration GRACE = Duration.ofSeconds(5);

    final Path home;

    final ManualScheduler time = new ManualScheduler();
    final FakePanePost panes;
    final FakeTmux tmux;
    final Rhythm rhythm = RhythmLibrary.shippedRhythm("standard").orElseThrow();
    final GatheringOptions options =
            new GatheringOptions(Optional.of(2), Optional.of(INTERVAL), Optional.of(GRACE), Optional.empty());
    final List<Member> members = new ArrayList<>();
    final Journals journals;
    final PostOffice post;
    final Gathering live;
    final Link link;

    /** A circle of four speakers and a harvester in fake panes under {@code home}, started. */
    ReplayWorld(Path home) {
        this.home = home;
        panes = new FakePanePost(home, time.clock());
        tmux = panes.tmux;
        journals = panes.journals;
        post = panes.post;
        for (String name : List.of("Ada", "Bo", "Cy", "Di", "Hal")) {
            String pane = panes.spawn(name);
            members.add(
                    Member.inPane(name, members.size() + 1, name.equals("Hal") ? Role.HARVESTER : Role.SPEAKER, pane));
        }
        Relay relay = panes.relay();
        link = new Links("t-").create("g-replay", rhythm.name(), OptionalInt.empty(), members);
        journals.of("g-replay")
                .append(StartGatheringOp.startEntry(
                        "g-replay",
                        rhythm,
                        rhythm.openingQuestion(),
                        options,
                        members,
                        Map.of(),
                        Optional.empty(),
                        false,
                        Map.of()));
        live = Gathering.create(
                "g-replay",
                rhythm,
                members,
                options,
                new Setting(time, time.clock(), Runnable::run, () -> "calm", m -> false),
                new EffectRunner(relay, link, home.resolve("harvest.md")));
        live.start().join();
    }

    @Override
    public void close() {
        panes.close();
    }

    /** {@code name}'s turn output, taken by the live gathering before this returns. */
    void say(String name, String text) {
        live.onTurnOutput(member(name), text).join();
    }

    Member member(String name) {
        return members.stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow();
    }

    /** The live gathering's journal as a new daemon would replay it. */
    Snapshot replay() {
        return GatheringReplay.of("g-replay", Transcript.lines(journals.file("g-replay")))
                .snapshot();
    }

    /** The live gathering's journal entries so far. */
    List<JsonNode> journal() {
        return Transcript.read(journals.file("g-replay"));
    }

    /** The journal as a daemon killed right after writing entry {@code last} left it, replayed. */
    Snapshot replayThrough(int last) {
        List<Line> all = Transcript.lines(journal().subList(0, last + 1));
        return GatheringReplay.snapshot(all, all.get(0).time());
    }

    /** The journal replays to where the live gathering is ({@code when} names the step for a failure). */
    void assertReplayMatches(String when) {
        Snapshot s = replay();
        GatheringStatus g = live.status();
        assertEquals(
                List.of(
                        g.state(),
                        g.phaseIndex(),
                        g.round(),
                        g.beat(),
                        g.turn(),
                        g.holder().map(Member::name),
                        g.order().stream().map(Member::name).toList()),
                List.of(s.state(), s.phase(), s.round(), s.beat(), s.turn(), s.holder(), s.order()),
                when + ": state, phase, round, beat, turn, holder");
    }

    /** A new gathering resumed from {@code s} now (the old one is left as a killed daemon left it). */
    List<Effect> resume(Snapshot s) {
        List<Effect> effects = new CopyOnWriteArrayList<>();
        resumed(rhythm, options, s, effects);
        // what fell due while no daemon ran is due now
        time.advance(Duration.ZERO);
        return effects;
    }

    /** A gathering of {@code r} resumed from {@code s}, its effects into {@code effects}. */
    Gathering resumed(Rhythm r, GatheringOptions o, Snapshot s, List<Effect> effects) {
        Gathering g = Gathering.resumed(
                "g-replay",
                r,
                members,
                o,
                new Setting(time, time.clock(), Runnable::run, () -> "calm", m -> false),
                effects::add);
        g.resume(s, time.clock().instant()).join();
        return g;
    }

    /** Whether {@code effects} announce the turn of {@code name}. */
    static boolean turnOf(List<Effect> effects, String name) {
        return effects.stream()
                .anyMatch(e -> e instanceof Effect.Announce a
                        && a.kind() == Announcement.TURN
                        && a.about().map(Member::name).equals(Optional.of(name)));
    }

    static long announced(List<Effect> effects, String kind) {
        return effects.stream()
                .filter(e -> e instanceof Effect.Announce a && a.kind().word().equals(kind))
                .count();
    }
}
