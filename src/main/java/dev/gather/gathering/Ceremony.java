package dev.gather.gathering;

import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.rhythm.Beats;
import dev.gather.rhythm.Phase;
import dev.gather.rhythm.Rhythm;
import dev.gather.rhythm.RolePart;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CopyOnWriteArraySet;

/**
 * The talking piece's bookkeeping for one gathering: who holds it, who is present, whose words come
 * late, and the turns as they begin (the order they go round in is the {@link SpeakingOrder}'s;
 * where the piece stands, phase, round, beat, turn and holder, is the {@link Counters}').
 */
final class Ceremony {
    final Rhythm rhythm;
    final Beats beats;
    final String question;
    final List<Member> members;
    /** The speaking order, as {@link SpeakingOrder} keeps it. */
    final List<Member> order;

    final Optional<Member> harvester;
    /** What the current private phase heard, until its reveal. */
    final Reveals reveals = new Reveals(this);
    /** The parts the speakers play, fixed at the start (see {@link Casting}). */
    final Map<Member, RolePart> parts;

    private final Counters counters = new Counters();
    private final Set<Member> present;
    private final SpeakingOrder circle;
    private final Set<Member> remindedThisTurn = new HashSet<>();
    /** Members already seeded (by the daemon before a restart): the start does not seed them again. */
    private final Set<Member> seeded = new HashSet<>();
    /** Members whose turn ended while they were still mid-turn: their next words come late. */
    private final Set<Member> cutOff = new HashSet<>();
    /** Why the gathering is ending by command, once it is (then the next choice harvests or closes). */
    private String ending;
    /** The round whose beginning (the phase's end, the round's announcement) went out last. */
    private Snapshot.Round opened;
    /** Set on the lane once the harvest prompt is queued; read by whoever hands in a turn's words. */
    private volatile boolean harvestAsked;

    /** What everyone has heard so far: the beats' micro pulse, a late member's seed. */
    final Conversation conversation = new Conversation();

    /** Per agent in digest hearing, what it was not yet told, as typed, oldest first (see {@link Digest}). */
    final Map<Member, List<Untold>> unheard = new HashMap<>();

    /** The ceremony of {@code members} in {@code rhythm}, with the start's overrides of its beats, question and cast. */
    Ceremony(Rhythm rhythm, List<Member> members, GatheringOptions options) {
        this.rhythm = rhythm;
        this.beats = rhythm.beats()
                .with(
                        options.beatsPerTurn().orElse(null),
                        options.beatInterval().orElse(null),
                        options.grace().orElse(null));
        this.question = options.question().orElse(rhythm.openingQuestion());
        // members may join later (read from other threads for status): copy-on-write lists
        this.members = new CopyOnWriteArrayList<>(members);
        this.circle = new SpeakingOrder(
                members.stream().filter(m -> m.role() != Role.HARVESTER).toList());
        this.order = circle.order;
        this.harvester =
                members.stream().filter(m -> m.role() == Role.HARVESTER).findFirst();
        this.parts = Casting.of(rhythm.name(), rhythm.roles(), order, options.cast());
        this.present = new CopyOnWriteArraySet<>(members);
    }

    /** Moves the counters into the machine's extended state once the machine exists. */
    void useVars(Map<Object, Object> machineVars) {
        counters.use(machineVars);
    }

    int phaseIndex() {
        return counters.phaseIndex();
    }

    int round() {
        return counters.round();
    }

    int beat() {
        return counters.beat();
    }

    int turn() {
        return counters.turn();
    }

    Optional<Member> holder() {
        return counters.holder();
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
        return counters.nextBeat();
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

    /** The harvest prompt is queued for the harvester (marked after it is, never before). */
    void harvestAsked() {
        harvestAsked = true;
    }

    /** Whether the harvest prompt was queued: words handed in before it cannot answer it. */
    boolean wasHarvestAsked() {
        return harvestAsked;
    }

    /** A member left; true when it was the first time. */
    boolean leave(Member m) {
        return present.remove(m);
    }

    /** True once per turn per member: whether to remind {@code m} that someone else holds the piece. */
    boolean shouldRemind(Member m) {
        return remindedThisTurn.add(m);
    }

    /** The next turn as it would start: its holder and counters, or empty when the breath is done. */
    Optional<NextTurn> peekNext(Optional<Member> requested) {
        List<Member> speakers = presentSpeakers();
        if (speakers.isEmpty()) {
            return Optional.empty();
        }
        int phase = phaseIndex();
        int round = round();
        boolean roundOver = holder().isPresent() && circle.allHeld(speakers);
        if (roundOver) {
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
                .orElseGet(() -> circle.following(holder(), speakers, roundOver));
        boolean roundStarts = holder().isEmpty() || round != round() || phase != phaseIndex();
        return Optional.of(new NextTurn(next, phase, round, roundStarts));
    }

    /**
     * {@code m} joins while the gathering runs. A speaker joins the speaking order once the next round
     * begins, just before that round's first speaker (the end of the circle), so it speaks last in it;
     * before the first turn it simply joins the order's end.
     */
    void join(Member m) {
        members.add(m);
        present.add(m);
        // it gets its own seed as it joins: one that came before the first turn is not seeded again
        seeded.add(m);
        if (m.role() == Role.HARVESTER) {
            return;
        }
        circle.join(m, holder().isEmpty() && turn() == 0);
    }

    /** Starts {@code next}: the piece moves, the beat count restarts. */
    void begin(NextTurn next) {
        circle.begin(next.holder(), next.roundStarts(), holder().isPresent(), present::contains);
        counters.begin(next.phaseIndex(), next.round(), next.holder());
        remindedThisTurn.clear();
    }

    /** Whether {@code r} began already: a move that comes again (refused, or after a restart) does not begin it twice. */
    boolean opened(Snapshot.Round r) {
        return r.equals(opened);
    }

    /** {@code r} began: the phase before it ended, and it was announced if it starts a round. */
    void open(Snapshot.Round r) {
        opened = r;
    }

    boolean seeded(Member m) {
        return seeded.contains(m);
    }

    /** Takes the counters, holder, round and presence of a journal's snapshot (a resumed gathering). */
    void restore(Snapshot s) {
        counters.set(s.phase(), s.round(), s.beat(), s.turn(), s.holder().flatMap(this::named));
        harvestAsked = s.state() == GatheringState.HARVESTING;
        opened = s.announcedRound().orElse(null);
        named(s.gone()).forEach(present::remove);
        seeded.addAll(named(s.seeded()));
        s.unheard().forEach((name, typed) -> named(name).ifPresent(m -> unheard.put(m, new ArrayList<>(typed))));
        reveals.restore(s.said());
        // members who joined late took their places as the rounds began: the journal's order
        circle.restore(
                named(s.heldThisRound()),
                s.order().isEmpty() ? Optional.empty() : Optional.of(named(s.order())),
                named(s.joining()));
    }

    Optional<Member> named(String name) {
        return members.stream().filter(m -> m.name().equals(name)).findFirst();
    }

    private List<Member> named(Collection<String> names) {
        return names.stream().flatMap(n -> named(n).stream()).toList();
    }

    void release() {
        counters.release();
    }

    /** The turn about to begin. */
    record NextTurn(Member holder, int phaseIndex, int round, boolean roundStarts) {}
}
