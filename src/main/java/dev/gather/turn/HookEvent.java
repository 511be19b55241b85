package dev.gather.turn;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One spooled hook event: the header the hook wrote ({@code gather-hook 1 <harness> <pane> <epoch-ms>})
 * and the raw payload the harness handed over.
 */
public record HookEvent(String harness, String pane, Instant time, String payload) {
    static final String MAGIC = "gather-hook";
    static final String VERSION = "1";
    private static final Pattern HARNESS = Pattern.compile("[a-z][a-z0-9-]{0,31}");
    private static final Pattern PANE = Pattern.compile("%[0-9]+|-");

    public HookEvent {
        Objects.requireNonNull(harness, "harness");
        Objects.requireNonNull(pane, "pane");
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(payload, "payload");
        if (!HARNESS.matcher(harness).matches()) {
            throw new IllegalArgumentException("harness must be a short lowercase name (was '" + harness + "')");
        }
        if (!PANE.matcher(pane).matches()) {
            throw new IllegalArgumentException("pane must look like %12 or - (was '" + pane + "')");
        }
    }

    /** The bytes of a spool file holding this event, exactly as bin/gather writes them. */
    public byte[] toBytes() {
        String header = String.join(" ", MAGIC, VERSION, harness, pane, Long.toString(time.toEpochMilli()));
        return (header + "\n" + payload).getBytes(StandardCharsets.UTF_8);
    }

    /** Reads a spool file's bytes; rejects anything without a well-formed header. */
    public static HookEvent parse(byte[] bytes) throws HookRejected {
        String all = new String(bytes, StandardCharsets.UTF_8);
        int newline = all.indexOf('\n');
        if (newline < 0) {
            throw new HookRejected("spool file has no header line (truncated or not written by gather hook)");
        }
        String[] header = all.substring(0, newline).split(" ");
        if (header.length != 5 || !MAGIC.equals(header[0]) || !VERSION.equals(header[1])) {
            throw new HookRejected("spool file header is not 'gather-hook 1 <harness> <pane> <epoch-ms>'");
        }
        try {
            Instant time = Instant.ofEpochMilli(Long.parseLong(header[4]));
            return new HookEvent(header[2], header[3], time, all.substring(newline + 1));
        } catch (IllegalArgumentException e) {
            throw new HookRejected("spool file header is invalid: " + e.getMessage(), e);
        }
    }
}
