package dev.gather.resume;

import dev.gather.gathering.GatheringOptions;
import dev.gather.gathering.Snapshot;
import dev.gather.journal.Entry;
import dev.gather.journal.Kept;
import dev.gather.journal.Lifecycle;
import dev.gather.journal.Line;
import dev.gather.journal.Message;
import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.relay.LastSaid;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A gathering's journal read back into what a restarted daemon needs to resume it: how it was
 * started (the start entry) and where it stood (its turn announcements, beats, relays, harvest
 * prompt). Throws {@link NotResumable} for a journal that cannot say.
 */
final class GatheringReplay {
    private GatheringReplay() {}

    /** A journal that cannot be resumed from, and why. */
    static final class NotResumable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotResumable(String why) {
            super(why, null, false, false);
        }
    }

    /**
     * Everything to rebuild one gathering: its start and its late joiners, its snapshot, each member's
     * profile and last journalled words (a turn the spool hands over again is not relayed twice), the
     * processes its panes ran, and its members without a pane (their tokens do not survive a restart).
     */
    record Replayed(
            String id,
            String rhythm,
            GatheringOptions options,
            List<Member> members,
            Map<String, String> spawned,
            Optional<String> starter,
            boolean keep,
            Snapshot snapshot,
            Map<String, String> profiles,
            Map<String, LastSaid> lastWords,
            Map<String, Integer> panePids,
            Set<String> pulls) {}

    /** The journal's first start entry; a journal from before resumable gatherings has none a record reads. */
    static Optional<Line> start(List<Line> lines) {
        return lines.stream().filter(l -> l.entry() instanceof Lifecycle.Start).findFirst();
    }

    static Replayed of(String id, List<Line> lines) {
        Line first = start(lines)
                .orElseThrow(() -> new NotResumable("its journal has no start entry with a rhythm and a roster"));
        Lifecycle.Start start = (Lifecycle.Start) first.entry();
        List<Member> members = new ArrayList<>();
        start.members().forEach(m -> members.add(member(m)));
        Map<String, String> spawned = new LinkedHashMap<>();
        start.spawned()
                .forEach((pane, session) ->
                        spawned.put(session.startsWith(id + "-") ? session.substring(id.length() + 1) : session, pane));
        // members who joined late (JoinOp's join entries), in journal order
        Set<String> pulls = new HashSet<>();
        for (Line l : lines) {
            if (l.entry() instanceof Lifecycle.Join j) {
                Member m = member(j.seat());
                members.add(m);
                if (j.pull()) {
                    pulls.add(m.name());
                }
                if (j.session() != null && m.pane().isPresent()) {
                    spawned.put(m.name(), m.pane().get());
                }
            }
        }
        GatheringOptions options = new GatheringOptions(
                Optional.ofNullable(start.beatsPerTurn()),
                Optional.ofNullable(start.beatIntervalMs()).map(Duration::ofMillis),
                Optional.ofNullable(start.graceMs()).map(Duration::ofMillis),
                Optional.of(start.question()),
                start.cast());
        return new Replayed(
                id,
                start.rhythm(),
                options,
                members,
                spawned,
                Optional.ofNullable(start.starter()),
                start.keep(),
                snapshot(lines, first.time()),
                profiles(lines),
                lastWords(lines),
                start.panePids(),
                pulls);
    }

    /** Where the gathering stood after its last journalled entry. */
    static Snapshot snapshot(List<Line> lines, Instant started) {
        Replay r = new Replay(started);
        lines.forEach(r::read);
        return r.snapshot(Unheard.of(lines));
    }

    /** The profile each member was typed into with, by name (the last message that named one). */
    static Map<String, String> profiles(List<Line> lines) {
        Map<String, String> out = new HashMap<>();
        lines.forEach(l -> {
            if (l.entry() instanceof Message m) {
                out.putAll(m.profiles());
            }
        });
        return out;
    }

    /** Each member's last journalled words (relayed, out of turn, late or a harvest), by name. */
    static Map<String, LastSaid> lastWords(List<Line> lines) {
        Map<String, LastSaid> out = new HashMap<>();
        for (Line l : lines) {
            Entry e = l.entry();
            if (e instanceof Message.Relay r) {
                out.put(r.from(), new LastSaid(r.text(), l.time()));
            } else if (e instanceof Kept.OutOfTurn o) {
                out.put(o.from(), new LastSaid(o.text(), l.time()));
            } else if (e instanceof Kept.Late late) {
                out.put(late.from(), new LastSaid(late.text(), l.time()));
            } else if (e instanceof Kept.Harvest h) {
                out.put(h.from(), new LastSaid(h.text(), l.time()));
            }
        }
        return out;
    }

    /** A member as the start entry's roster and a join entry name it. */
    static Member member(Lifecycle.Seat s) {
        return new Member(
                s.name(), s.number(), Role.valueOf(s.role().toUpperCase(Locale.ROOT)), Optional.ofNullable(s.pane()));
    }
}
