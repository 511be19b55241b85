package dev.gather.link;

import dev.gather.tmux.Sanitizer;

/**
 * The one format of relayed words: {@code [Name] (n):}, a blank line, then the words. The words are
 * made inert first (see {@link Sanitizer}), and a line of them that looks like an attribution, to
 * the eye and after Unicode's look-alikes are folded (see {@link HeaderMimic}), is quoted with
 * {@link #QUOTE}, so only the header gather writes can name a speaker.
 */
public final class Attribution {
    /** Put before a line of relayed words that looks like {@code [Name] (n):}. */
    public static final String QUOTE = "> ";

    private Attribution() {}

    public static String of(Member from, String text) {
        return from.attribution() + "\n\n" + defuse(text);
    }

    /** The words, sanitised, with every line that mimics an attribution quoted. */
    public static String defuse(String text) {
        return HeaderMimic.defuse(Sanitizer.sanitize(text), QUOTE);
    }
}
