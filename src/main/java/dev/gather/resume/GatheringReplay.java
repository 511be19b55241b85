package dev.gather.resume;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.gathering.GatheringOptions;
import dev.gather.gathering.GatheringState;
import dev.gather.gathering.Snapshot;
import dev.gather.link.Member;
import dev.gather.link.Role;
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
            Map<String, String> lastWords,
            JsonNode panePids,
            java.util.Set<String> pulls) {}

    static Replayed of(String id, List<JsonNode> entries) {
        JsonNode start = entries.stream()
                .filter(e -> e.path("kind").asText().equals("start"))
                .findFirst()
                .orElseThrow(() -> new NotResumable("its journal has no start entry"));
        if (!start.has("rhythm") || !start.path("members").isArray()) {
            throw new NotResumable("its start entry predates resumable gatherings (no rhythm or roster)");
        }
        List<Member> members = new ArrayList<>();
        for (JsonNode m : start.path("members")) {
            members.add(member(m));
        }
        Map<String, String> spawned = new LinkedHashMap<>();
        start.path("spawned").properties().forEach(p -> {
            String session = p.getValue().asText();
            spawned.put(session.startsWith(id + "-") ? session.substring(id.length() + 1) : session, p.getKey());
        });
        // members who joined late (JoinOp's join entries), in journal order
        java.util.Set<String> pulls = new java.util.HashSet<>();
        for (JsonNode j : entries) {
            if (!j.path("kind").asText().equals("join")) {
                continue;
            }
            Member m = member(j);
            members.add(m);
            if (j.path("pull").asBoolean(false)) {
                pulls.add(m.name());
            }
            if (j.has("session") && m.pane().isPresent()) {
                spawned.put(m.name(), m.pane().get());
            }
        }
        GatheringOptions options = new GatheringOptions(
                optionalInt(start, "beats_per_turn"),
                optionalMillis(start, "beat_interval_ms"),
                optionalMillis(start, "grace_ms"),
                Optional.ofNullable(start.path("question").textValue()),
                cast(start.path("cast")));
        Optional<String> starter = Optional.ofNullable(start.path("starter").textValue());
        return new Replayed(
                id,
                start.path("rhythm").asText(),
                options,
                members,
                spawned,
                starter,
                start.path("keep").asBoolean(false),
                snapshot(entries, Instant.parse(start.path("time").asText())),
                profiles(entries),
                lastWords(entries),
                start.path("pane_pids"),
                pulls);
    }

    /** Where the gathering stood after its last journalled entry. */
    static Snapshot snapshot(List<JsonNode> entries, Instant started) {
        GatheringState state = GatheringState.SEEDING;
        int phase = 0;
        int round = 1;
        int beat = 0;
        int turn = 0;
        String holder = null;
        Set<String> held = new HashSet<>();
        Set<String> gone = new HashSet<>();
        Set<String> seeded = new HashSet<>();
        List<Snapshot.Words> said = new ArrayList<>();
        List<String> order = new ArrayList<>();
        List<String> joining = new ArrayList<>();
        Instant since = started;
        Instant beatBase = started;
        Instant finalBeat = null;
        String holderWords = null;
        boolean afterFinal = false;
        boolean byCommand = false;
        for (JsonNode e : entries) {
            String kind = e.path("kind").asText();
            String prompt = e.path("prompt").asText();
            Instant time = Instant.parse(e.path("time").asText(started.toString()));
            switch (kind) {
                case "announce" -> {
                    if (prompt.equals("turn")) {
                        if (!e.has("turn")) {
                            throw new NotResumable("its turns were journalled before resumable gatherings");
                        }
                        int p = e.path("phase").asInt();
                        int r = e.path("round").asInt();
                        String next = e.path("member").asText();
                        if (holder != null && p != phase) {
                            // an ended private phase's answers were revealed or stay with the harvester
                            said.removeIf(Snapshot.Words::sealed);
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
                        turn = e.path("turn").asInt();
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
                    } else if (prompt.equals("left")) {
                        gone.add(e.path("member").asText());
                    }
                }
                case "left" -> gone.add(e.path("from").asText());
                case "start" -> {
                    for (JsonNode m : e.path("members")) {
                        if (!m.path("role").asText().equals("harvester")) {
                            order.add(m.path("name").asText());
                        }
                    }
                }
                case "join" -> {
                    // as Ceremony.join: before the first turn a speaker joins the order's end, later the next round's
                    if (!e.path("role").asText().equals("harvester")) {
                        (holder == null && turn == 0 ? order : joining)
                                .add(e.path("name").asText());
                    }
                }
                case "private" -> {
                    String to = e.path("to").asText();
                    switch (prompt) {
                        case "seed" -> seeded.add(to);
                        case "beat", "final_beat" -> {
                            if (to.equals(holder)) {
                                beat++;
                                beatBase = time;
                                if (prompt.equals("final_beat")) {
                                    state = GatheringState.FINAL_BEAT;
                                    finalBeat = time;
                                }
                            }
                        }
                        case "harvest" -> {
                            state = GatheringState.HARVESTING;
                            holder = null;
                            since = time;
                        }
                        default -> {
                            // reminders change nothing of where the gathering is
                        }
                    }
                }
                case "relay" -> {
                    String from = e.path("from").asText();
                    String text = e.path("text").asText();
                    said.add(new Snapshot.Words(
                            from, text, e.path("voice").asText().equals("private")));
                    if (from.equals(holder)) {
                        holderWords = text;
                        afterFinal = state == GatheringState.FINAL_BEAT;
                        if (state == GatheringState.SPEAKING) {
                            beatBase = time;
                        }
                    }
                }
                case "pass", "take" -> byCommand = holder != null;
                case "harvest" -> throw new NotResumable("its harvest was stored but its close was not journalled");
                default -> {
                    // delivery steps, out-of-turn and late words, notes: where it stands is unchanged
                }
            }
        }
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
                Unheard.of(entries));
    }

    /** The profile each member was typed into with, by name (the last message that named one). */
    static Map<String, String> profiles(List<JsonNode> entries) {
        Map<String, String> out = new HashMap<>();
        entries.forEach(e -> e.path("profiles")
                .properties()
                .forEach(p -> out.put(p.getKey(), p.getValue().asText())));
        return out;
    }

    /** Each member's last journalled words (relayed, out of turn or late), by name. */
    /** The parts the starter cast by name, as the start entry keeps them (member name to part). */
    private static Map<String, String> cast(JsonNode cast) {
        Map<String, String> out = new java.util.HashMap<>();
        cast.properties().forEach(e -> out.put(e.getKey(), e.getValue().asText()));
        return out;
    }

    static Map<String, String> lastWords(List<JsonNode> entries) {
        Map<String, String> out = new HashMap<>();
        for (JsonNode e : entries) {
            String kind = e.path("kind").asText();
            if (kind.equals("relay") || kind.equals("out_of_turn") || kind.equals("late") || kind.equals("harvest")) {
                out.put(e.path("from").asText(), e.path("text").asText());
            }
        }
        return out;
    }

    /** A member as the start entry's roster and a join entry name it. */
    private static Member member(JsonNode m) {
        Role role = Role.valueOf(m.path("role").asText("speaker").toUpperCase(Locale.ROOT));
        Optional<String> pane =
                m.path("pane").isTextual() ? Optional.of(m.path("pane").asText()) : Optional.empty();
        return new Member(m.path("name").asText(), m.path("number").asInt(), role, pane);
    }

    private static Optional<Integer> optionalInt(JsonNode o, String field) {
        return o.has(field) ? Optional.of(o.path(field).asInt()) : Optional.empty();
    }

    private static Optional<Duration> optionalMillis(JsonNode o, String field) {
        return o.has(field) ? Optional.of(Duration.ofMillis(o.path(field).asLong())) : Optional.empty();
    }
}
