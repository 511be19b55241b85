package dev.gather.rhythm;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as rhythm authors write them: {@code 90s}, {@code 2m}, {@code 1m30s}, {@code 500ms}, {@code 1h}. */
public final class Durations {
    /**
     * As the schemas' {@code duration}: at most six digits a unit, so every duration fits the
     * nanoseconds the timers count in (999999h is 114 years).
     */
    private static final Pattern FORM =
            Pattern.compile("(?:(\\d{1,6})h)?(?:(\\d{1,6})m(?!s))?(?:(\\d{1,6})s)?(?:(\\d{1,6})ms)?");

    private Durations() {}

    /** The duration {@code text} names; throws IllegalArgumentException with the accepted forms. */
    public static Duration parse(String text) {
        Matcher m = FORM.matcher(text == null ? "" : text.strip());
        if (text == null || text.isBlank() || !m.matches()) {
            throw new IllegalArgumentException(
                    "not a duration: '" + text + "' (write e.g. 90s, 2m, 1m30s, 500ms; at most six digits a unit)");
        }
        Duration d = Duration.ZERO;
        d = d.plusHours(group(m, 1))
                .plusMinutes(group(m, 2))
                .plusSeconds(group(m, 3))
                .plusMillis(group(m, 4));
        return d;
    }

    /** {@code d} written back in the same form. */
    public static String format(Duration d) {
        StringBuilder s = new StringBuilder();
        if (d.toHours() > 0) {
            s.append(d.toHours()).append('h');
        }
        if (d.toMinutesPart() > 0) {
            s.append(d.toMinutesPart()).append('m');
        }
        if (d.toSecondsPart() > 0) {
            s.append(d.toSecondsPart()).append('s');
        }
        if (d.toMillisPart() > 0 || s.length() == 0) {
            s.append(d.toMillisPart()).append("ms");
        }
        return s.toString();
    }

    private static long group(Matcher m, int g) {
        return m.group(g) == null ? 0 : Long.parseLong(m.group(g));
    }
}
