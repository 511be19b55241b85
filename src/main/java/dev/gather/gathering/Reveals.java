package dev.gather.gathering;

import dev.gather.link.Attribution;
import dev.gather.link.Member;
import dev.gather.rhythm.Reveal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * What a private phase heard, kept until it ends, and its reveal: every answer under its speaker's
 * name, or under a letter ({@code Member A}) that neither the speaking order nor the turn
 * announcements give away.
 */
final class Reveals {
    /** A line of an answer that looks like a header of the reveal ({@code [Member B]:}) is quoted. */
    private static final Pattern HEADER = Pattern.compile("(?m)^(?=[ \\t]*\\[[^\\]\\n]{0,80}\\][ \\t]*:)");

    private final Ceremony c;
    /** The current phase's answers by speaker, in the order they were first heard; a second answer joins the first. */
    private final Map<Member, String> sealed = new LinkedHashMap<>();
    /** Letters given so far; the same speaker keeps its letter in every reveal of the gathering. */
    private final Map<Member, String> letters = new HashMap<>();

    Reveals(Ceremony c) {
        this.c = c;
    }

    /** Keeps {@code text}, said by {@code from} in a private phase, for the reveal. */
    void seal(Member from, String text) {
        sealed.merge(from, text.strip(), (a, b) -> a + "\n\n" + b);
    }

    /** Whether the phase heard anything that is still unrevealed. */
    boolean any() {
        return !sealed.isEmpty();
    }

    /** Forgets the phase's answers (revealed, or a phase that keeps them with the harvester). */
    void clear() {
        sealed.clear();
    }

    /** Everyone heard {@code answers}, a phase's reveal: they are in the beats' pulse and late seeds from now on. */
    void told(List<Answer> answers) {
        answers.forEach(a -> c.conversation.heard(a.header(), a.who(), a.words()));
    }

    /**
     * A resumed gathering's words, in the order said: heard by all, sealed for the current phase's
     * reveal, or sealed and then told by their phase's reveal (again under the same headers).
     */
    void restore(List<Snapshot.Words> said) {
        OptionalInt phase = OptionalInt.empty();
        for (Snapshot.Words w : said) {
            if (phase.isPresent() && !w.revealedIn().equals(phase)) {
                tellKept(phase.getAsInt());
            }
            phase = w.revealedIn();
            c.named(w.from()).ifPresent(m -> {
                if (w.sealed()) {
                    seal(m, w.text());
                } else {
                    c.conversation.heard(m, w.text());
                }
            });
        }
        phase.ifPresent(this::tellKept);
    }

    /** What is kept was revealed at the end of phase {@code phase}: everyone heard it, as it was shown. */
    private void tellKept(int phase) {
        told(answers(c.rhythm.breath().get(phase).reveal()));
        clear();
    }

    /** One revealed answer: its header ({@code [Ada] (1):} or {@code [Member A]:}), whose it is as shown, the words made inert. */
    record Answer(String header, String who, String words) {}

    /** The phase's answers as everyone will read them: in speaking order, or by letter. */
    List<Answer> answers(Reveal how) {
        List<Map.Entry<Member, String>> in = new ArrayList<>(sealed.entrySet());
        if (how == Reveal.ANONYMOUS) {
            in.sort(Comparator.comparing(e -> letter(e.getKey())));
        }
        List<Answer> out = new ArrayList<>();
        for (Map.Entry<Member, String> e : in) {
            String header = how == Reveal.ANONYMOUS
                    ? "[Member " + letter(e.getKey()) + "]:"
                    : e.getKey().attribution();
            String who = how == Reveal.ANONYMOUS
                    ? "Member " + letter(e.getKey())
                    : e.getKey().name();
            String words = HEADER.matcher(Attribution.defuse(e.getValue())).replaceAll(Attribution.QUOTE);
            out.add(new Answer(header, who, words));
        }
        return out;
    }

    /**
     * The answers as one text of at most {@code room} characters: when they are longer together,
     * each is cut to an equal share, so no answer is left out.
     */
    static String text(List<Answer> answers, int room) {
        int total = answers.stream()
                .mapToInt(a -> a.header().length() + a.words().length() + 4)
                .sum();
        int share = answers.isEmpty() ? room : room / answers.size() - 4;
        List<String> parts = new ArrayList<>();
        for (Answer a : answers) {
            String words = a.words();
            if (total > room && a.header().length() + 2 + words.length() > share) {
                words = words.substring(0, Math.max(0, share - a.header().length() - 3)) + "…";
            }
            parts.add(a.header() + "\n\n" + words);
        }
        return String.join("\n\n", parts);
    }

    /**
     * {@code m}'s letter: the speakers present at the first anonymous reveal are lettered in an
     * order shuffled by what the gathering was started with (rhythm, question, names), the same in
     * a rehearsal of it; a speaker who joins later gets the next free letter.
     */
    private String letter(Member m) {
        if (letters.isEmpty()) {
            List<Member> speakers = new ArrayList<>(c.presentSpeakers());
            speakers.sort(Comparator.comparing(x -> digest(c.rhythm.name() + "\n" + c.question + "\n" + x.name())));
            speakers.forEach(x -> letters.put(x, name(letters.size())));
        }
        return letters.computeIfAbsent(m, x -> name(letters.size()));
    }

    private static String name(int i) {
        return i < 26 ? String.valueOf((char) ('A' + i)) : "A" + (i - 25);
    }

    private static String digest(String s) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this Java has no SHA-256", e);
        }
    }
}
