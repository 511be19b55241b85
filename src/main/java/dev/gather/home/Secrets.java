package dev.gather.home;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps secrets out of what gather writes for people to read: a URL's password (a Redis URL such as
 * {@code redis://gather:PW@host}) becomes {@code ***} in any log line, error or status, wherever in
 * the text the URL stands.
 */
public final class Secrets {
    /** A URL's scheme and its user-info part, up to the '@' before its host. */
    private static final Pattern USER_INFO = Pattern.compile("([A-Za-z][A-Za-z0-9+.-]*://)([^\\s/?#]*)@");

    private Secrets() {}

    /** {@code text} with every URL's password replaced by {@code ***}; a user name stays, as it says who. */
    public static String redact(String text) {
        if (text == null) {
            return null;
        }
        Matcher m = USER_INFO.matcher(text);
        return m.replaceAll(r -> {
            String info = r.group(2);
            int colon = info.indexOf(':');
            // redis://PW@host: a lone user-info is the password for Redis, so it is hidden too
            String shown = colon < 0 ? "***" : info.substring(0, colon) + ":***";
            return Matcher.quoteReplacement(r.group(1) + shown + "@");
        });
    }
}
