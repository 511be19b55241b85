package dev.gather.gathering;

import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.rhythm.Beats;
import dev.gather.rhythm.Phase;
import dev.gather.rhythm.Rhythm;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The talking piece's bookkeeping for one gathering: speaking order, who is present, who held the
 * piece this round. The counters the machine's guards read (phase, round, beat, turn) live in the
 * machine's extended state, passed in as {@code vars}.
 */
final class Ceremony {
    static final String PHASE = "phase";
    static final String ROUND = "round";
    static final String BEAT = "beat";
    static final String TURN = "turn";
    static final String HOLDER = "holder";

    final Rhythm rhythm;
    final Beats beats;
    final String question;
    final List<Member> members;
    final List<Member> order;
    final Optional<Member> harvester;
    private Map<Object, Object> vars;
    private final Set<Member> present;
    private final Set<Member> heldThisRound = new HashSet<>();
    private final Set<Member> remindedThisTurn = new HashSet<>();
    /** Members already seeded (by the daemon before a restart): the start does not seed them again. */
    private final Set<Member> seeded = new HashSet<>();
    /** Members whose turn ended while they were still mid-turn: their next words come late. */
    private final Set<Member> cutOff = new HashSet<>();
    /** Why the gathering is ending by command, once it is (then the next choice harvests or closes). */
    private String ending;

    private final Deque<String> recent = new ArrayDeque<>();
    /** Every relayed turn so far, attributed: what a member who joins late is told. */
    private final List<String> said = new ArrayList<>();
    /** Speakers who joined mid-round: they take their place in the order when the next round begins. */
    private final List<Member> joining = new ArrayList<>();

    Ceremony(Rhythm rhythm, Beats beats, String question, List<Member> members, Map<Object, Object> vars) {
        this.rhythm = rhythm;
        this.beats = beats;
        this.question = question;
        // members may join later (read from other threads for status): copy-on-write lists
        this.members = new CopyOnWriteArrayList<>(members);
        this.order = new CopyOnWriteArrayList<>(
                members.stream().filter(m -> m.role() != Role.HARVESTER).toList());
        this.harvester =
                members.stream().filter(m -> m.role() == Role.HARVESTER).findFirst();
        this.present = new java.util.concurrent.CopyOnWriteArraySet<>(members);
        this.vars = vars;
        vars.put(PHASE, 0);
        vars.put(ROUND, 1);
        vars.put(BEAT, 0);
        vars.put(TURN, 0);
    }

    /** Moves the counters into the machine's extended state once the machine exists. */
    void useVars(Map<Object, Object> machineVars) {
        machineVars.putAll(vars);
        this.vars = machineVars;
    }

    int phaseIndex() {
        return (Integer) vars.get(PHASE);
    }

    int round() {
        return (Integer) vars.get(ROUND);
    }

    int beat() {
        return (Integer) vars.get(BEAT);
    }

    int turn() {
        return (Integer) vars.get(TURN);
    }

    Optional<Member> holder() {
        return Optional.ofNullable((Member) vars.get(HOLDER));
    }

    Phase phase() {
        return rhythm.breath().get(Math.min(phaseIndex(), rhythm.breath().size() - 1));
    }

    boolean isHolder(Member m) {
        return holder().map(m::equals).orElse(false);
    }

    List<Member> presentSpeakers() {
        return order.stream().filter(present::contains).toList();
    }

    List<Member> present() {
        return List.copyOf(present);
    }

    boolean isPresent(Member m) {
        return present.contains(m);
    }

    boolean harvesterPresent() {
        return harvester.map(present::contains).orElse(false);
    }

    boolean tooFewSpeakers() {
        return presentSpeakers().size() < rhythm.roles().minSpeakers();
    }

    /** Whether the beat about to come is the last of the turn. */
    boolean nextBeatIsFinal() {
        return beat() + 1 >= beats.perTurn();
    }

    int nextBeat() {
        int b = beat() + 1;
        vars.put(BEAT, b);
        return b;
    }

    /** The turn of {@code m} ended while it was mid-turn: what it says next is late. */
    void cutOff(Member m) {
        cutOff.add(m);
    }

    /** Whether the next words of {@code m} will be the late end of a turn that already moved on. */
    boolean owesLateWords(Member m) {
        return cutOff.contains(m);
    }

    /** Whether these words of {@code m} are the late end of a turn that already moved on; once. */
    boolean late(Member m) {
        return cutOff.remove(m);
    }

    void ending(String reason) {
        ending = reason;
    }

    Optional<String> ending() {
        return Optional.ofNullable(ending);
    }

    /** A member left; true when it was the first time. */
    boolean leave(Member m) {
        return present.remove(m);
    }

    /** True once per turn per member: whether to remind {@code m} that someone else holds the piece. */
    boolean shouldRemind(Member m) {
        return remindedThisTurn.add(m);
    }

    void heard(Member from, String text) {
        said.add(from.attribution() + " " + text.strip());
        String gist = text.strip().replaceAll("\\s+", " ");
        recent.addLast(from.name() + ": " + (gist.length() > 60 ? gist.substring(0, 60) + "…" : gist));
        while (recent.size() > 3) {
            recent.removeFirst();
        }
    }

    /** Who spoke lately and what, compressed for a beat. */
    String microPulse() {
        return recent.isEmpty() ? "nobody has spoken yet" : String.join(" | ", recent);
    }

    /** The next turn as it would start: its holder and counters, or empty when the breath is done. */
    Optional<NextTurn> peekNext(Optional<Member> requested) {
        List<Member> speakers = presentSpeakers();
        if (speakers.isEmpty()) {
            return Optional.empty();
        }
        Set<Member> held = new HashSet<>(heldThisRound);
        int phase = phaseIndex();
        int round = round();
        if (holder().isPresent() && held.containsAll(speakers)) {
            held.clear();
            round++;
            if (round > rhythm.breath().get(phase).rounds()) {
                round = 1;
                phase++;
            }
        }
        if (phase >= rhythm.breath().size()) {
            return Optional.empty();
        }
        Member next = requested
                .filter(speakers::contains)
                .filter(m -> !isHolder(m))
                .orElseGet(() -> following(speakers, held));
        boolean roundStarts = holder().isEmpty() || round != round() || phase != phaseIndex();
        return Optional.of(new NextTurn(next, phase, round, roundStarts));
    }

    /** The next speaker in order after the holder who has not held the piece this round. */
    private Member following(List<Member> speakers, Set<Member> held) {
        int start = holder().map(order::indexOf).orElse(-1);
        for (int i = 1; i <= order.size(); i++) {
            Member m = order.get(Math.floorMod(start + i, order.size()));
            if (speakers.contains(m) && !held.contains(m)) {
                return m;
            }
        }
        for (int i = 1; i <= order.size(); i++) {
            Member m = order.get(Math.floorMod(start + i, order.size()));
            if (speakers.contains(m)) {
                return m;
            }
        }
        return speakers.get(0);
    }

    /**
     * {@code m} joins while the gathering runs. A speaker joins the speaking order once the next round
     * begins, just before that round's first speaker (the end of the circle), so it speaks last in it;
     * before the first turn it simply joins the order's end.
     */
    void join(Member m) {
        members.add(m);
        present.add(m);
        if (m.role() == Role.HARVESTER) {
            return;
        }
        if (holder().isEmpty() && turn() == 0) {
            order.add(m);
        } else {
            joining.add(m);
        }
    }

    /** The relayed turns so far, oldest first, each {@code [Name] (n): words}. */
    List<String> said() {
        return List.copyOf(said);
    }

    /** Starts {@code next}: the piece moves, the beat count restarts. */
    void begin(NextTurn next) {
        if (next.roundStarts() && holder().isPresent()) {
            heldThisRound.clear();
        }
        if (next.roundStarts() && !joining.isEmpty()) {
            // the circle's end is just before the round's first speaker: the list's end when that is the first
            int at = order.indexOf(next.holder());
            order.addAll(
                    at <= 0 ? order.size() : at,
                    joining.stream().filter(present::contains).toList());
            joining.clear();
        }
        vars.put(PHASE, next.phaseIndex());
        vars.put(ROUND, next.round());
        vars.put(BEAT, 0);
        vars.put(TURN, turn() + 1);
        vars.put(HOLDER, next.holder());
        heldThisRound.add(next.holder());
        remindedThisTurn.clear();
    }

    boolean seeded(Member m) {
        return seeded.contains(m);
    }

    /** Takes the counters, holder, round and presence of a journal's snapshot (a resumed gathering). */
    void restore(Snapshot s) {
        vars.put(PHASE, s.phase());
        vars.put(ROUND, s.round());
        vars.put(BEAT, s.beat());
        vars.put(TURN, s.turn());
        s.holder().flatMap(this::named).ifPresentOrElse(h -> vars.put(HOLDER, h), () -> vars.remove(HOLDER));
        s.heldThisRound().stream().flatMap(n -> named(n).stream()).forEach(heldThisRound::add);
        s.gone().stream().flatMap(n -> named(n).stream()).forEach(present::remove);
        s.seeded().stream().flatMap(n -> named(n).stream()).forEach(seeded::add);
        s.said().forEach(w -> named(w.from()).ifPresent(m -> heard(m, w.text())));
        if (!s.order().isEmpty()) {
            // members who joined late took their places as the rounds began: the journal's order
            List<Member> journalled =
                    s.order().stream().flatMap(n -> named(n).stream()).toList();
            order.clear();
            order.addAll(journalled);
        }
        s.joining().stream().flatMap(n -> named(n).stream()).forEach(joining::add);
    }

    Optional<Member> named(String name) {
        return members.stream().filter(m -> m.name().equals(name)).findFirst();
    }

    void release() {
        vars.remove(HOLDER);
    }

    /** The turn about to begin. */
    record NextTurn(Member holder, int phaseIndex, int round, boolean roundStarts) {}
}
