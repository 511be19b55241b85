package dev.gather.turn;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Objects;

/**
 * One spooled hook event: the header line {@code gather-hook 1 <harness> <pane|-> <epoch-ms>}
 * written by {@code gather hook}, then the harness's raw payload.
 */
public record HookEvent(String harness, String pane, Instant at, String payload) {
    static final String MAGIC = "gather-hook";

    public HookEvent {
        Objects.requireNonNull(harness, "harness");
        Objects.requireNonNull(payload, "payload");
    }

    /** Parses a spool file's bytes; throws {@link BadPayload} naming what is wrong. */
    public static HookEvent parse(byte[] bytes) {
        String all = new String(bytes, StandardCharsets.UTF_8);
        int nl = all.indexOf('\n');
        String header = nl < 0 ? all : all.substring(0, nl);
        String[] f = header.trim().split(" ");
        if (f.length != 5 || !f[0].equals(MAGIC) || !f[1].equals("1")) {
            throw new BadPayload("not a gather hook event (header was: " + abbreviate(header) + ")");
        }
        if (!f[2].matches("[a-z][a-z0-9-]{0,20}")) {
            throw new BadPayload("bad harness name in header: " + abbreviate(f[2]));
        }
        String pane = f[3].equals("-") ? null : f[3];
        if (pane != null && !pane.matches("%[0-9]{1,9}")) {
            throw new BadPayload("bad pane in header: " + abbreviate(f[3]));
        }
        long millis;
        try {
            millis = Long.parseLong(f[4]);
        } catch (NumberFormatException e) {
            throw new BadPayload("bad time in header: " + abbreviate(f[4]));
        }
        return new HookEvent(f[2], pane, Instant.ofEpochMilli(millis), nl < 0 ? "" : all.substring(nl + 1));
    }

    /** The header line for an event. */
    public static String header(String harness, String pane, long epochMillis) {
        return MAGIC + " 1 " + harness + " " + (pane == null || pane.isBlank() ? "-" : pane) + " " + epochMillis;
    }

    static String abbreviate(String s) {
        return s.length() > 60 ? s.substring(0, 60) + "…" : s;
    }
}
