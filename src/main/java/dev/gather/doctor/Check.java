package dev.gather.doctor;

import java.util.Locale;
import java.util.Objects;

/**
 * One line of {@code gather doctor}: what was looked at, how it stands and, when it is not ok, the
 * fix in words a user can act on.
 */
public record Check(String subject, Verdict verdict, String detail, String fix) {
    /** How one thing stands. */
    public enum Verdict {
        OK,
        WARN,
        FAIL
    }

    public Check {
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(detail, "detail");
        Objects.requireNonNull(fix, "fix");
    }

    static Check ok(String subject, String detail) {
        return new Check(subject, Verdict.OK, detail, "");
    }

    static Check warn(String subject, String detail, String fix) {
        return new Check(subject, Verdict.WARN, detail, fix);
    }

    static Check fail(String subject, String detail, String fix) {
        return new Check(subject, Verdict.FAIL, detail, fix);
    }

    /** {@code ok    tmux: 3.3a} or {@code fail  tmux: not found — apt-get install tmux}. */
    public String line() {
        String v = verdict.name().toLowerCase(Locale.ROOT);
        return String.format("%-5s %s: %s%s", v, subject, detail, fix.isEmpty() ? "" : " — " + fix);
    }
}
