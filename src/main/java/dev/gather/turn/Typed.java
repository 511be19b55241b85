package dev.gather.turn;

/**
 * The one bound on what gather types into a pane. Words a client asks to send are refused past
 * {@link #MAX_CHARS} (the error says the limit); relayed turns are cut there with a visible
 * {@link #TRUNCATED}; and whatever reaches a pane, announcements included, is cut at that plus room
 * for an attribution, so no paste can be too large for a harness to take.
 */
public final class Typed {
    /** Characters of words per message: a one-shot send, a relayed turn, a human's say. */
    public static final int MAX_CHARS = 12_000;

    /** Room for {@code [Name] (n):} and its blank line on top of the words. */
    static final int HEADER_ROOM = 100;

    public static final String TRUNCATED = "[truncated]";

    private Typed() {}

    /** Null when {@code words} may be sent; otherwise the error, starting with {@code what}. */
    public static String refusal(String what, String words) {
        if (words.length() <= MAX_CHARS) {
            return null;
        }
        return what + " is " + words.length() + " characters; at most " + MAX_CHARS
                + " are typed into a pane, so split it or send a file path instead";
    }

    /** {@code text} cut to {@code max} characters, the cut shown by {@link #TRUNCATED} on its own line. */
    public static String cap(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int keep = max - TRUNCATED.length() - 1;
        if (Character.isHighSurrogate(text.charAt(keep - 1))) {
            keep--; // never split a surrogate pair
        }
        return text.substring(0, keep) + "\n" + TRUNCATED;
    }

    /** The last guard before the paste: the words' limit plus an attribution. */
    public static String capTyped(String text) {
        return cap(text, MAX_CHARS + HEADER_ROOM);
    }
}
