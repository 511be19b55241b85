package dev.gather.sim;

/**
 * What a simulated member answers: the gist of what it heard, numbered, and a pass phrase every Nth
 * time. One class for the sim in a pane and the scripted members of {@code gather rehearse}, so a
 * rehearsal says word for word what a gathering of sims says.
 */
public final class Replies {
    private final String name;
    private final int passAfter;
    private final String passTo;
    private int replies;

    /** {@code passAfter} 0 never passes; {@code passTo} empty passes to the next speaker. */
    public Replies(String name, int passAfter, String passTo) {
        this.name = name;
        this.passAfter = passAfter;
        this.passTo = passTo;
    }

    /** The next answer, to {@code input}. */
    public String to(String input) {
        return to(input, passTo);
    }

    /** The next answer, to {@code input}, passing (when it is time to) to {@code to} (empty: the next speaker). */
    public String to(String input, String to) {
        replies++;
        String reply = name + " heard \"" + gist(input) + "\" (reply #" + replies + ")";
        if (passAfter > 0 && replies % passAfter == 0) {
            reply += to.isEmpty() ? ". I pass the piece." : ". I pass to " + to + ".";
        }
        return reply;
    }

    /** The heard message without its attribution line, on one line, at most 60 characters. */
    static String gist(String input) {
        String body = input.strip();
        if (body.startsWith("[") && body.contains("):")) {
            body = body.substring(body.indexOf("):") + 2).strip();
        }
        body = body.replaceAll("\\s+", " ");
        return body.length() > 60 ? body.substring(0, 60) + "…" : body;
    }
}
