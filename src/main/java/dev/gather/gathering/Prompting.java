package dev.gather.gathering;

import dev.gather.link.Member;
import dev.gather.rhythm.Durations;
import dev.gather.rhythm.Phase;
import dev.gather.rhythm.PromptKind;
import dev.gather.rhythm.RolePart;
import dev.gather.rhythm.Template;
import dev.gather.turn.Typed;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** Fills the rhythm's prompts for one gathering: every word a member reads comes from the rhythm. */
final class Prompting {
    /** The seed's pulse when nothing in earlier journals or transcripts speaks of the gathering. */
    static final String NO_PULSE = "nothing earlier speaks of this yet";

    private final Ceremony c;

    Prompting(Ceremony c) {
        this.c = c;
    }

    String seed(Member m, String pulse) {
        Map<String, Object> v = identity(m);
        v.put("role", partOf(m).map(RolePart::name).orElse(m.role().name().toLowerCase(Locale.ROOT)));
        v.put(
                "participants",
                c.members.stream()
                        .map(x -> x.number() + " " + x.name() + " ("
                                + x.role().name().toLowerCase(Locale.ROOT) + ")")
                        .collect(Collectors.joining(", ")));
        v.put(
                "order",
                c.order.stream().map(x -> x.name() + " (" + x.number() + ")").collect(Collectors.joining(" → ")));
        v.put(
                "harvester",
                c.harvester.map(h -> h.name() + " (" + h.number() + ")").orElse("none"));
        v.put(
                "breath",
                c.rhythm.breath().stream()
                        .map(p -> p.name() + " " + p.rounds() + " round" + (p.rounds() == 1 ? "" : "s"))
                        .collect(Collectors.joining(", ")));
        v.put(
                "beats",
                c.beats.perTurn() + " per turn, every " + Durations.format(c.beats.interval()) + ", "
                        + Durations.format(c.beats.grace()) + " grace after the last");
        v.put("rhythm", c.rhythm.name());
        v.put("question", c.question);
        // a blank where the pulse goes reads as a fault to an agent (and to whoever reads the seed)
        v.put("pulse", pulse.isBlank() ? NO_PULSE : pulse);
        return render(PromptKind.SEED, v);
    }

    /** The seed of {@code m} at the start, ending with the part it plays: one message, one model call, not two. */
    String seedAndPart(Member m, String pulse) {
        return seed(m, pulse) + partOf(m).map(part -> "\n\n" + part(m, part)).orElse("");
    }

    /** The part {@code m} plays, if any: the one it was cast into by name, else by its place in the order. */
    Optional<RolePart> partOf(Member m) {
        return Optional.ofNullable(c.parts.get(m));
    }

    /** The private prompt of the part {@code m} plays. */
    String part(Member m, RolePart p) {
        Map<String, Object> v = identity(m);
        v.put("part", p.name());
        return Template.fill(p.prompt(), v);
    }

    /** The seed of a member who joins late: the rhythm's seed, then the conversation so far, bounded. */
    String lateSeed(Member m, String pulse, List<String> said) {
        String seed = seed(m, pulse);
        return seed + Conversation.sofar(said, Typed.MAX_CHARS - seed.length());
    }

    String joined(Member m) {
        Map<String, Object> v = identity(m);
        v.put("role", m.role().name().toLowerCase(Locale.ROOT));
        return c.rhythm
                .prompts()
                .render(PromptKind.JOINED, v)
                .orElseGet(() -> m.name() + " (" + m.number() + ") has joined the gathering as " + v.get("role")
                        + "; they take their place at the end of the speaking order from the next round.");
    }

    String beat(Member m, int beat, String pulse) {
        Map<String, Object> v = identity(m);
        v.put("beat", beat);
        v.put("beats", c.beats.perTurn());
        v.put("pulse", pulse);
        return render(beat >= c.beats.perTurn() ? PromptKind.FINAL_BEAT : PromptKind.BEAT, v, c.phase());
    }

    String phase(Phase p, int round) {
        return render(
                PromptKind.PHASE,
                Map.of(
                        "PHASE",
                        p.name().toUpperCase(Locale.ROOT),
                        "phase",
                        p.name(),
                        "round",
                        round,
                        "rounds",
                        p.rounds(),
                        "discipline",
                        p.discipline()),
                p);
    }

    /** The announcement of {@code m}'s turn, in the words of {@code p}, the phase the turn is in. */
    String turn(Member m, Phase p) {
        return render(PromptKind.TURN, identity(m), p);
    }

    String reminder(Member m, Member holder) {
        Map<String, Object> v = identity(m);
        v.put("holder", holder.name());
        v.put("holder_number", holder.number());
        return render(PromptKind.REMINDER, v);
    }

    String harvest(Member h) {
        Map<String, Object> v = identity(h);
        v.put("rhythm", c.rhythm.name());
        v.put("question", c.question);
        return render(PromptKind.HARVEST, v);
    }

    /** The reveal of private phase {@code p}: {@code answers} fill what the rest of the prompt leaves of one paste. */
    String reveal(Phase p, List<Reveals.Answer> answers) {
        Map<String, Object> v = new HashMap<>();
        v.put("PHASE", p.name().toUpperCase(Locale.ROOT));
        v.put("phase", p.name());
        int rest = render(PromptKind.REVEAL, v).replace("{answers}", "").length();
        v.put("answers", Reveals.text(answers, Typed.MAX_CHARS - rest));
        return render(PromptKind.REVEAL, v);
    }

    String left(Member m) {
        return render(PromptKind.LEFT, identity(m));
    }

    String closing(String reason) {
        return render(PromptKind.CLOSING, Map.of("rhythm", c.rhythm.name(), "reason", reason));
    }

    private static Map<String, Object> identity(Member m) {
        Map<String, Object> v = new HashMap<>();
        v.put("name", m.name());
        v.put("number", m.number());
        return v;
    }

    /** {@code kind} as phase {@code p} words it, else as the rhythm does. */
    private String render(PromptKind kind, Map<String, ?> values, Phase p) {
        return p.prompts().render(kind, values).orElseGet(() -> render(kind, values));
    }

    private String render(PromptKind kind, Map<String, ?> values) {
        return c.rhythm
                .prompts()
                .render(kind, values)
                .orElseThrow(
                        () -> new IllegalStateException("rhythm " + c.rhythm.name() + " has no prompts." + kind.key()));
    }
}
