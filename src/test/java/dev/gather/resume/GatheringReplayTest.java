package dev.gather.resume;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.gathering.GatheringState;
import dev.gather.gathering.Snapshot;
import dev.gather.journal.Transcript;
import dev.gather.link.Link;
import dev.gather.link.Links;
import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.ops.JoinOp;
import dev.gather.ops.StartGatheringOp;
import dev.gather.relay.LastSaid;
import dev.gather.relay.Relay;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.testing.Slow;
import dev.gather.tmux.SpawnSpec;
import dev.gather.turn.TurnOutput;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * A gathering's journal, written by the real relay and effect runner while the gathering runs in
 * virtual time, replays into the snapshot the live gathering is in at every step, with the options
 * it was started with; a journal from before resumable gatherings is not resumed.
 */
@Slow
class GatheringReplayTest extends InReplayWorld {
    @Test
    void atEveryStepOfAWholeCeremonyTheJournalReplaysToWhereTheLiveGatheringIs() {
        w.assertReplayMatches("first turn");
        w.say("Ada", "A first thought, still forming.");
        w.assertReplayMatches("the holder spoke");
        w.time.advance(ReplayWorld.INTERVAL);
        w.assertReplayMatches("first beat");
        w.say("Ada", "That is all from me. I pass the piece.");
        w.assertReplayMatches("passed on");
        w.time.advance(ReplayWorld.INTERVAL);
        w.time.advance(ReplayWorld.INTERVAL);
        assertEquals(GatheringState.FINAL_BEAT, w.live.status().state());
        w.assertReplayMatches("final beat");
        w.say("Bo", "My last words. I pass to Di.");
        w.assertReplayMatches("passed by name");
        // someone joins mid-round (journalled as JoinOp does, then the gathering takes it)
        Member ed = Member.inPane(
                "Ed",
                6,
                Role.SPEAKER,
                w.tmux.spawn(SpawnSpec.of("Ed", w.home, "agent")).id());
        w.journals.of("g-replay").append(JoinOp.entry(w.link, ed, Optional.empty(), false));
        w.live.join(ed, "calm", () -> {}).join();
        w.members.add(ed);
        w.assertReplayMatches("Ed joined, waiting for the next round");
        // round after round through every phase: each speaker passes at once
        while (w.live.status().state() == GatheringState.SPEAKING) {
            w.say(w.live.status().holder().orElseThrow().name(), "Heard. I pass the piece.");
            w.assertReplayMatches("turn " + w.live.status().turn());
        }
        assertEquals(GatheringState.HARVESTING, w.live.status().state());
        w.assertReplayMatches("harvesting");
        Snapshot s = w.replay();
        assertTrue(s.holder().isEmpty(), "nobody holds the piece while harvesting");
    }

    /** Who the starter cast into a part by name is kept in the start entry: a resumed gathering casts the same. */
    @Test
    void thePartsCastByNameComeBackFromTheStartEntry() {
        w.journals
                .of("g-cast")
                .append(StartGatheringOp.startEntry(
                        "g-cast",
                        RhythmLibrary.shippedRhythm("review-circle").orElseThrow(),
                        "Ready?",
                        w.options.casting(Map.of("Bo", "skeptic", "Cy", "author")),
                        w.members,
                        Map.of(),
                        Optional.empty(),
                        false,
                        Map.of()));
        GatheringReplay.Replayed r = GatheringReplay.of("g-cast", Transcript.lines(w.journals.file("g-cast")));
        assertEquals(Map.of("Bo", "skeptic", "Cy", "author"), r.options().cast());
        assertEquals(w.options.beatInterval(), r.options().beatInterval());
    }

    @Test
    void aJournalFromBeforeResumableGatheringsIsNotResumed() {
        List<JsonNode> all = w.journal();
        ((ObjectNode) all.get(0)).remove("members");
        assertThrows(GatheringReplay.NotResumable.class, () -> GatheringReplay.of("g-replay", Transcript.lines(all)));
    }

    @Test
    void aTurnTheSpoolHandsOverAgainAfterARestartIsNotRelayedTwice() {
        Restarted ada = restarted();
        Instant ended = w.time.clock().instant();
        ada.relay().journalledBefore(ada.pane(), new LastSaid("Said just before the kill.", ended.plusMillis(5)));
        ada.says("Said just before the kill.", ended);
        ada.says("Said after the restart.", w.time.clock().instant());
        ada.says("Said after the restart.", w.time.clock().instant());
        assertEquals(
                List.of("duplicate", "relay", "relay"),
                ada.kinds(),
                "only the first turn after the restart is checked");
    }

    /** A new turn after the restart may say the same words as the last one journalled ("I pass."): it is relayed. */
    @Test
    void aNewTurnWithTheLastJournalledWordsIsRelayed() {
        Restarted ada = restarted();
        Instant journalled = w.time.clock().instant();
        ada.relay().journalledBefore(ada.pane(), new LastSaid("I pass.", journalled));
        ada.says("I pass.", journalled.plusSeconds(3));
        assertEquals(
                List.of("relay"), ada.kinds(), "a turn that ended after the journal's entry is not that entry's turn");
    }

    /** Ada, in a direct link with Bo, as a relay resumed after a restart hears her. */
    private record Restarted(Relay relay, Link link, String pane, Path journal) {
        void says(String words, Instant ended) {
            relay.onTurnOutput(new TurnOutput(pane, "sim", words, ended));
        }

        /** The kinds of the link's journal entries, delivery steps left out. */
        List<String> kinds() {
            return Transcript.read(journal).stream()
                    .map(e -> e.path("kind").asText())
                    .filter(k -> !k.equals("delivery"))
                    .toList();
        }
    }

    private Restarted restarted() {
        Links links = new Links("d-");
        Member ada = w.member("Ada").withNumber(1);
        Member bo = w.member("Bo").withNumber(2);
        Link direct = links.create("l-direct", "direct", OptionalInt.empty(), List.of(ada, bo));
        return new Restarted(w.panes.relay(links), direct, ada.pane().orElseThrow(), w.journals.file(direct.id()));
    }
}
