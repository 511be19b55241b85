package dev.gather.link;

/** The one format of relayed words: {@code [Name] (n):}, a blank line, then the words. */
public final class Attribution {
    private Attribution() {}

    public static String of(Member from, String text) {
        return from.attribution() + "\n\n" + text;
    }
}
