package dev.gather.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.delivery.PostOffice;
import dev.gather.gathering.Effect;
import dev.gather.gathering.Gathering;
import dev.gather.gathering.GatheringOptions;
import dev.gather.gathering.GatheringState;
import dev.gather.gathering.GatheringStatus;
import dev.gather.gathering.Snapshot;
import dev.gather.journal.Journals;
import dev.gather.journal.Transcript;
import dev.gather.link.Fanout;
import dev.gather.link.Link;
import dev.gather.link.Links;
import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.profile.Profiles;
import dev.gather.rhythm.Rhythm;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.time.ManualScheduler;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.FakeTmux;
import dev.gather.tmux.HarnessQuirks;
import dev.gather.tmux.SpawnSpec;
import dev.gather.turn.TurnFilter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gathering's journal, written by the real relay and effect runner while the gathering runs in
 * virtual time, replays into the snapshot the live gathering is in at every step; a gathering
 * resumed from it goes on from there, and what fell due while no daemon ran fires once.
 */
class GatheringReplayTest {
    private static final Duration INTERVAL = Duration.ofSeconds(10);
    private static final Duration GRACE = Duration.ofSeconds(5);

    @TempDir
    Path home;

    private final ManualScheduler time = new ManualScheduler();
    private final FakeTmux tmux = new FakeTmux();
    private final Rhythm rhythm = RhythmLibrary.shippedRhythm("standard").orElseThrow();
    private final GatheringOptions options =
            new GatheringOptions(Optional.of(2), Optional.of(INTERVAL), Optional.of(GRACE), Optional.empty());
    private final List<Member> members = new ArrayList<>();
    private Journals journals;
    private Deliverer deliverer;
    private PostOffice post;
    private Gathering live;
    private Link link;

    @BeforeEach
    void start() {
        tmux.program("agent", FakeTmux.CAT);
        for (String name : List.of("Ada", "Bo", "Cy", "Di", "Hal")) {
            String pane = tmux.spawn(SpawnSpec.of(name, home, "agent")).id();
            members.add(
                    Member.inPane(name, members.size() + 1, name.equals("Hal") ? Role.HARVESTER : Role.SPEAKER, pane));
        }
        journals = new Journals(home.resolve("journal"), time.clock());
        deliverer = new Deliverer(tmux, HarnessQuirks.GENERIC);
        post = new PostOffice(tmux, deliverer, Profiles.shipped(), Clock.systemUTC(), Relay.ledger(journals));
        Relay relay = new Relay(
                new Links("t-"),
                journals,
                new Fanout(post),
                TurnFilter.defaults(),
                new DirectRhythm("direct", OptionalInt.empty(), "", ""));
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
                        false));
        live = Gathering.create(
                "g-replay",
                rhythm,
                members,
                options,
                time,
                time.clock(),
                Runnable::run,
                () -> "calm",
                m -> false,
                new EffectRunner(relay, link, home.resolve("harvest.md")));
        live.start().join();
    }

    @AfterEach
    void stop() {
        post.close();
        deliverer.close();
        journals.close();
    }

    @Test
    void atEveryStepOfAWholeCeremonyTheJournalReplaysToWhereTheLiveGatheringIs() {
        assertReplayMatches("first turn");
        say("Ada", "A first thought, still forming.");
        assertReplayMatches("the holder spoke");
        time.advance(INTERVAL);
        assertReplayMatches("first beat");
        say("Ada", "That is all from me. I pass the piece.");
        assertReplayMatches("passed on");
        time.advance(INTERVAL);
        time.advance(INTERVAL);
        assertEquals(GatheringState.FINAL_BEAT, live.status().state());
        assertReplayMatches("final beat");
        say("Bo", "My last words. I pass to Di.");
        assertReplayMatches("passed by name");
        // someone joins mid-round (journalled as JoinOp does, then the gathering takes it)
        Member ed = Member.inPane(
                "Ed",
                6,
                Role.SPEAKER,
                tmux.spawn(SpawnSpec.of("Ed", home, "agent")).id());
        journals.of("g-replay").append(JoinOp.entry(link, ed, Optional.empty(), false));
        live.join(ed, "calm").join();
        members.add(ed);
        assertReplayMatches("Ed joined, waiting for the next round");
        // round after round through every phase: each speaker passes at once
        while (live.status().state() == GatheringState.SPEAKING) {
            say(live.status().holder().orElseThrow().name(), "Heard. I pass the piece.");
            assertReplayMatches("turn " + live.status().turn());
        }
        assertEquals(GatheringState.HARVESTING, live.status().state());
        assertReplayMatches("harvesting");
        Snapshot s = replay();
        assertTrue(s.holder().isEmpty(), "nobody holds the piece while harvesting");
    }

    @Test
    void aBeatDueThreeTimesOverWhileNoDaemonRanFiresOnceOnResume() {
        say("Ada", "A first thought, still forming.");
        Snapshot s = replay();
        time.advance(INTERVAL.multipliedBy(3).plusSeconds(1));
        List<Effect> effects = resume(s);
        assertEquals(
                1,
                effects.stream()
                        .filter(e -> e instanceof Effect.Inject i && i.kind().equals("beat"))
                        .count(),
                effects::toString);
        assertEquals(0, announced(effects, "turn"), "the turn goes on, it is not begun again");
        time.advance(INTERVAL);
        assertEquals(
                1,
                effects.stream()
                        .filter(e -> e instanceof Effect.Inject i && i.kind().equals("final_beat"))
                        .count(),
                "the next beat comes an interval after the one that fired: " + effects);
    }

    @Test
    void aGraceThatRanOutWhileNoDaemonRanMovesThePieceOnceOnResume() {
        say("Ada", "I pass the piece.");
        time.advance(INTERVAL.multipliedBy(2));
        assertEquals(GatheringState.FINAL_BEAT, live.status().state());
        Snapshot s = replay();
        assertEquals(GatheringState.FINAL_BEAT, s.state());
        time.advance(Duration.ofMinutes(5));
        List<Effect> effects = resume(s);
        assertEquals(1, announced(effects, "turn"), effects::toString);
        assertTrue(effects.stream()
                .anyMatch(e -> e instanceof Effect.Announce a && a.text().contains("Cy")));
    }

    @Test
    void wordsThatPassedThePieceJustBeforeTheStopMoveItOnResumeAndAreNotRelayedAgain() {
        say("Ada", "Short and sweet. I pass to Di.");
        List<JsonNode> all = Transcript.read(journals.file("g-replay"));
        // the daemon died after journalling the words, before the piece moved
        int relay = 0;
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).path("kind").asText().equals("relay")) {
                relay = i;
            }
        }
        Snapshot s = GatheringReplay.snapshot(
                all.subList(0, relay + 1),
                java.time.Instant.parse(all.get(0).path("time").asText()));
        assertEquals(Optional.of("Ada"), s.holder());
        List<Effect> effects = resume(s);
        assertEquals(0, effects.stream().filter(e -> e instanceof Effect.Relay).count(), effects::toString);
        assertTrue(
                effects.stream()
                        .anyMatch(e -> e instanceof Effect.Announce a
                                && a.kind().equals("turn")
                                && a.about().map(Member::name).equals(Optional.of("Di"))),
                effects::toString);
    }

    @Test
    void aHolderWhoLeftJustBeforeTheStopLosesThePieceOnResume() {
        live.memberGone(member("Ada")).join();
        List<JsonNode> all = Transcript.read(journals.file("g-replay"));
        // the daemon died after journalling that Ada left, before the piece moved
        int left = 0;
        while (!all.get(left).path("prompt").asText().equals("left")) {
            left++;
        }
        Snapshot s = GatheringReplay.snapshot(
                all.subList(0, left + 1),
                java.time.Instant.parse(all.get(0).path("time").asText()));
        assertEquals(Optional.of("Ada"), s.holder());
        assertTrue(s.gone().contains("Ada"));
        List<Effect> effects = resume(s);
        assertTrue(
                effects.stream()
                        .anyMatch(e -> e instanceof Effect.Announce a
                                && a.kind().equals("turn")
                                && a.about().map(Member::name).equals(Optional.of("Bo"))),
                effects::toString);
        assertTrue(
                effects.stream()
                        .noneMatch(e ->
                                e instanceof Effect.Inject i && i.to().name().equals("Ada")),
                "nothing more for Ada: " + effects);
    }

    @Test
    void aJournalFromBeforeResumableGatheringsIsNotResumed() {
        List<JsonNode> all = Transcript.read(journals.file("g-replay"));
        ((com.fasterxml.jackson.databind.node.ObjectNode) all.get(0)).remove("members");
        assertThrows(GatheringReplay.NotResumable.class, () -> GatheringReplay.of("g-replay", all));
    }

    @Test
    void aTurnTheSpoolHandsOverAgainAfterARestartIsNotRelayedTwice() {
        Links links = new Links("d-");
        Relay relay = new Relay(
                links,
                journals,
                new Fanout(post),
                TurnFilter.defaults(),
                new DirectRhythm("direct", OptionalInt.empty(), "", ""));
        Member ada = member("Ada").withNumber(1);
        Member bo = member("Bo").withNumber(2);
        Link link = links.create("l-direct", "direct", OptionalInt.empty(), List.of(ada, bo));
        relay.journalledBefore(ada.pane().orElseThrow(), "Said just before the kill.");
        String pane = ada.pane().orElseThrow();
        relay.onTurnOutput(new dev.gather.turn.TurnOutput(
                pane, "sim", "Said just before the kill.", time.clock().instant()));
        relay.onTurnOutput(new dev.gather.turn.TurnOutput(
                pane, "sim", "Said after the restart.", time.clock().instant()));
        relay.onTurnOutput(new dev.gather.turn.TurnOutput(
                pane, "sim", "Said after the restart.", time.clock().instant()));
        List<String> kinds = Transcript.read(journals.file(link.id())).stream()
                .map(e -> e.path("kind").asText())
                .filter(k -> !k.equals("delivery"))
                .toList();
        assertEquals(List.of("duplicate", "relay", "relay"), kinds, "only the first turn after the restart is checked");
    }

    private void say(String name, String text) {
        live.onTurnOutput(member(name), text).join();
    }

    private Member member(String name) {
        return members.stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow();
    }

    private Snapshot replay() {
        return GatheringReplay.of("g-replay", Transcript.read(journals.file("g-replay")))
                .snapshot();
    }

    private void assertReplayMatches(String when) {
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
    private List<Effect> resume(Snapshot s) {
        List<Effect> effects = new CopyOnWriteArrayList<>();
        Gathering g = Gathering.resumed(
                "g-replay",
                rhythm,
                members,
                options,
                time,
                time.clock(),
                Runnable::run,
                () -> "calm",
                m -> false,
                effects::add);
        g.resume(s, time.clock().instant()).join();
        // what fell due while no daemon ran is due now
        time.advance(Duration.ZERO);
        return effects;
    }

    private static long announced(List<Effect> effects, String kind) {
        return effects.stream()
                .filter(e -> e instanceof Effect.Announce a && a.kind().equals(kind))
                .count();
    }
}
