package dev.gather.resume;

import dev.gather.gathering.GatheringState;
import dev.gather.gathering.Snapshot;
import dev.gather.gathering.Untold;
import dev.gather.journal.Announcement;
import dev.gather.journal.Entry;
import dev.gather.journal.Kept;
import dev.gather.journal.Lifecycle;
import dev.gather.journal.Line;
import dev.gather.journal.Message;
import dev.gather.journal.Prompt;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Where a gathering stands, read entry by entry from its journal: each kind that moves it (a turn
 * announced, a beat, a relay, a harvest prompt, a member leaving or joining) moves it here the way
 * the live ceremony moved it; delivery steps, words kept out of turn and notes change nothing.
 */
final class Replay {
    private GatheringState state = GatheringState.SEEDING;
    private int phase = 0;
    private int round = 1;
    private int beat = 0;
    private int turn = 0;
    private String holder;
    private final Set<String> held = new HashSet<>();
    private final Set<String> gone = new HashSet<>();
    private final Set<String> seeded = new HashSet<>();
    private final List<Snapshot.Words> said = new ArrayList<>();
    private final List<String> order = new ArrayList<>();
    private final List<String> joining = new ArrayList<>();
    private Instant since;
    private Instant beatBase;
    private Instant finalBeat;
    private String holderWords;
    private boolean afterFinal;
    private boolean byCommand;
    private Snapshot.Round announcedRound;

    Replay(Instant started) {
        this.since = started;
        this.beatBase = started;
    }

    void read(Line line) {
        Entry e = line.entry();
        Instant time = line.time();
        if (e instanceof Message.Announce a && a.prompt() == Announcement.TURN) {
            turn(a, time);
        } else if (e instanceof Message.Announce a && a.prompt() == Announcement.PHASE && a.round() != null) {
            // older journals' round announcements carry no counters: such a round is announced again
            announcedRound = new Snapshot.Round(a.phase() == null ? 0 : a.phase(), a.round());
        } else if (e instanceof Message.Announce a && a.prompt() == Announcement.REVEAL) {
            // the phase's answers went out to everyone: heard by all on resume, not sealed for a second reveal
            said.replaceAll(w -> w.kept() ? w.revealed(phase) : w);
        } else if (e instanceof Message.Announce a && a.prompt() == Announcement.LEFT && a.member() != null) {
            gone.add(a.member());
        } else if (e instanceof Lifecycle.Left l) {
            gone.add(l.from());
        } else if (e instanceof Lifecycle.Start s) {
            s.members().stream().filter(m -> !m.role().equals("harvester")).forEach(m -> order.add(m.name()));
        } else if (e instanceof Lifecycle.Join j && !j.role().equals("harvester")) {
            // as Ceremony.join: before the first turn a speaker joins the order's end, later the next round's
            (holder == null && turn == 0 ? order : joining).add(j.name());
        } else if (e instanceof Message.Private p) {
            prompted(p, time);
        } else if (e instanceof Message.Relay r) {
            relayed(r, time);
        } else if (e instanceof Kept.Pass || e instanceof Kept.Take) {
            byCommand = holder != null;
        } else if (e instanceof Kept.Harvest) {
            throw new GatheringReplay.NotResumable("its harvest was stored but its close was not journalled");
        }
    }

    private void turn(Message.Announce a, Instant time) {
        if (a.turn() == null) {
            throw new GatheringReplay.NotResumable("its turns were journalled before resumable gatherings");
        }
        int p = a.phase() == null ? 0 : a.phase();
        int r = a.round() == null ? 0 : a.round();
        String next = a.member() == null ? "" : a.member();
        if (holder != null && p != phase) {
            // an ended private phase's answers not revealed stay with the harvester
            said.removeIf(Snapshot.Words::kept);
        }
        if (holder == null || p != phase || r != round) {
            held.clear();
            // as Ceremony.begin: who joined takes its place just before the round's first speaker
            int at = order.indexOf(next);
            joining.removeIf(gone::contains);
            order.addAll(at <= 0 ? order.size() : at, joining);
            joining.clear();
        }
        phase = p;
        round = r;
        turn = a.turn();
        holder = next;
        held.add(holder);
        beat = 0;
        state = GatheringState.SPEAKING;
        since = time;
        beatBase = time;
        finalBeat = null;
        holderWords = null;
        afterFinal = false;
        byCommand = false;
        announcedRound = null;
    }

    private void prompted(Message.Private p, Instant time) {
        switch (p.prompt()) {
            case SEED -> seeded.add(p.to());
            case BEAT, FINAL_BEAT -> {
                if (p.to().equals(holder)) {
                    beat++;
                    beatBase = time;
                    if (p.prompt() == Prompt.FINAL_BEAT) {
                        state = GatheringState.FINAL_BEAT;
                        finalBeat = time;
                    }
                }
            }
            case HARVEST -> {
                state = GatheringState.HARVESTING;
                holder = null;
                since = time;
            }
            case PART, REMINDER -> {
                // change nothing of where the gathering is
            }
        }
    }

    private void relayed(Message.Relay r, Instant time) {
        said.add(new Snapshot.Words(r.from(), r.text(), r.confided()));
        if (r.from().equals(holder)) {
            holderWords = r.text();
            afterFinal = state == GatheringState.FINAL_BEAT;
            if (state == GatheringState.SPEAKING) {
                beatBase = time;
            }
        }
    }

    /** {@code unheard}: what each member was kept and not yet told (digest hearing), as {@link Unheard} reads it. */
    Snapshot snapshot(Map<String, List<Untold>> unheard) {
        return new Snapshot(
                state,
                phase,
                round,
                beat,
                turn,
                Optional.ofNullable(holder),
                held,
                gone,
                seeded,
                said,
                order,
                joining,
                since,
                beatBase,
                Optional.ofNullable(finalBeat),
                Optional.ofNullable(holderWords),
                afterFinal,
                byCommand,
                unheard,
                Optional.ofNullable(announcedRound));
    }
}
