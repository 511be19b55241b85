package dev.gather.turn;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One spooled hook event: the header the hook wrote and the raw payload the harness handed over.
 * Version 2 of the header ({@code gather-hook 2 <harness> <pane> <epoch-ms> <origin>}) says who
 * wrote it: {@code pids:<pid>,<parent>,…} (the hook's own process and its parents, so the daemon
 * finds the pane it ran in, whatever {@code $TMUX_PANE} said) or {@code on-behalf} (a writer outside
 * every pane that names the pane explicitly). Version 1 ({@code gather-hook 1 <harness> <pane> <epoch-ms>})
 * is still read; its origin is unknown.
 */
public record HookEvent(String harness, String pane, Instant time, String payload, Origin origin) {
    static final String MAGIC = "gather-hook";
    static final String VERSION = "2";
    private static final Pattern HARNESS = Pattern.compile("[a-z][a-z0-9-]{0,31}");
    private static final Pattern PANE = Pattern.compile("%[0-9]+|-");
    private static final Pattern PIDS = Pattern.compile("pids:[0-9]{1,10}(,[0-9]{1,10}){0,63}");

    /** Who wrote a hook event. */
    public sealed interface Origin {
        /** The writing process and its parents, nearest first. */
        record Process(List<Long> pids) implements Origin {
            public Process {
                pids = List.copyOf(pids);
            }
        }

        /**
         * A writer outside every pane that said explicitly which pane it speaks for ({@code
         * $GATHER_PANE}); {@code pids} are its process and parents, so one inside another pane is
         * still refused (empty from in-process writers: tests, benchmarks).
         */
        record OnBehalf(List<Long> pids) implements Origin {
            public OnBehalf {
                pids = List.copyOf(pids);
            }

            public OnBehalf() {
                this(List.of());
            }
        }

        /** An older hook that did not say (header version 1). */
        record Unknown() implements Origin {}
    }

    public HookEvent {
        Objects.requireNonNull(harness, "harness");
        Objects.requireNonNull(pane, "pane");
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(origin, "origin");
        if (!HARNESS.matcher(harness).matches()) {
            throw new IllegalArgumentException("harness must be a short lowercase name (was '" + harness + "')");
        }
        if (!PANE.matcher(pane).matches()) {
            throw new IllegalArgumentException("pane must look like %12 or - (was '" + pane + "')");
        }
    }

    /**
     * An event written explicitly on behalf of {@code pane} by a process outside it (tests,
     * benchmarks, tools); the journal can tell it from a pane's own.
     */
    public HookEvent(String harness, String pane, Instant time, String payload) {
        this(harness, pane, time, payload, new Origin.OnBehalf());
    }

    /**
     * An event written by this very process on behalf of {@code pane} ({@code $GATHER_PANE}), from
     * outside it; its processes go along, so a writer inside another pane is still refused.
     */
    public static HookEvent onBehalfFromThisProcess(String harness, String pane, Instant time, String payload) {
        return new HookEvent(
                harness,
                pane,
                time,
                payload,
                new Origin.OnBehalf(dev.gather.process.Processes.ancestryOfThisProcess()));
    }

    /** An event written by this very process, which runs in the pane it names (the simulated agent). */
    public static HookEvent fromThisProcess(String harness, String pane, Instant time, String payload) {
        return new HookEvent(
                harness, pane, time, payload, new Origin.Process(dev.gather.process.Processes.ancestryOfThisProcess()));
    }

    /** The bytes of a spool file holding this event, exactly as bin/gather writes them. */
    public byte[] toBytes() {
        String header =
                String.join(" ", MAGIC, VERSION, harness, pane, Long.toString(time.toEpochMilli()), origin(origin));
        return (header + "\n" + payload).getBytes(StandardCharsets.UTF_8);
    }

    private static String origin(Origin o) {
        if (o instanceof Origin.Process p) {
            return pids(p.pids());
        }
        if (o instanceof Origin.OnBehalf b) {
            return b.pids().isEmpty() ? "on-behalf" : "on-behalf:" + pids(b.pids());
        }
        throw new IllegalStateException("an event of unknown origin is read, never written");
    }

    /** Reads a spool file's bytes; rejects anything without a well-formed header. */
    public static HookEvent parse(byte[] bytes) throws HookRejected {
        String all = new String(bytes, StandardCharsets.UTF_8);
        int newline = all.indexOf('\n');
        if (newline < 0) {
            throw new HookRejected("spool file has no header line (truncated or not written by gather hook)");
        }
        String[] header = all.substring(0, newline).split(" ");
        boolean v1 = header.length == 5 && "1".equals(header[1]);
        boolean v2 = header.length == 6 && VERSION.equals(header[1]);
        if (!MAGIC.equals(header[0]) || !(v1 || v2)) {
            throw new HookRejected(
                    "spool file header is not 'gather-hook 2 <harness> <pane> <epoch-ms> <origin>' (nor version 1)");
        }
        try {
            Instant time = Instant.ofEpochMilli(Long.parseLong(header[4]));
            Origin origin = v1 ? new Origin.Unknown() : parseOrigin(header[5]);
            return new HookEvent(header[2], header[3], time, all.substring(newline + 1), origin);
        } catch (IllegalArgumentException e) {
            throw new HookRejected("spool file header is invalid: " + e.getMessage(), e);
        }
    }

    private static String pids(List<Long> pids) {
        return "pids:" + String.join(",", pids.stream().map(String::valueOf).toList());
    }

    private static Origin parseOrigin(String s) {
        if (s.equals("on-behalf")) {
            return new Origin.OnBehalf();
        }
        if (s.startsWith("on-behalf:")
                && PIDS.matcher(s.substring("on-behalf:".length())).matches()) {
            return new Origin.OnBehalf(parsePids(s.substring("on-behalf:".length())));
        }
        if (!PIDS.matcher(s).matches()) {
            throw new IllegalArgumentException(
                    "origin must be pids:<pid>,<parent>,… or on-behalf[:pids:…] (was '" + s + "')");
        }
        return new Origin.Process(parsePids(s));
    }

    private static List<Long> parsePids(String s) {
        return Arrays.stream(s.substring("pids:".length()).split(","))
                .map(Long::valueOf)
                .toList();
    }
}
