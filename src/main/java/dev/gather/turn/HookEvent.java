package dev.gather.turn;

import dev.gather.door.ClaudeMessaging;
import dev.gather.process.Processes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One spooled hook event: the header the hook wrote and the raw payload the harness handed over.
 * Version 2 of the header ({@code gather-hook 2 <harness> <pane> <epoch-ms> <origin>}) says who
 * wrote it: {@code pids:<pid>,<parent>,…} (the hook's own process and its parents, so the daemon
 * finds the pane it ran in, whatever {@code $TMUX_PANE} said) or {@code on-behalf} (a writer outside
 * every pane that names the pane explicitly). Version 1 ({@code gather-hook 1 <harness> <pane> <epoch-ms>})
 * is still read; its origin is unknown. Version 3 adds the door the harness gave its hook: {@code
 * claude-socket:<hex of the socket path>:<token>} (Claude Code's cross-session inbox) or {@code -};
 * it is kept only when the socket is one a process of the writer's own ancestry listens on.
 */
public record HookEvent(
        String harness, String pane, Instant time, String payload, Origin origin, Optional<ClaudeMessaging> messaging) {
    static final String MAGIC = "gather-hook";
    static final String VERSION = "2";
    static final String WITH_DOOR = "3";
    private static final String CLAUDE_SOCKET = "claude-socket:";
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
        Objects.requireNonNull(messaging, "messaging");
        if (!HARNESS.matcher(harness).matches()) {
            throw new IllegalArgumentException("harness must be a short lowercase name (was '" + harness + "')");
        }
        if (!PANE.matcher(pane).matches()) {
            throw new IllegalArgumentException("pane must look like %12 or - (was '" + pane + "')");
        }
    }

    /** An event that carries no door. */
    public HookEvent(String harness, String pane, Instant time, String payload, Origin origin) {
        this(harness, pane, time, payload, origin, Optional.empty());
    }

    /** The same event without the door it carried (its token is a secret). */
    public HookEvent withoutDoor() {
        return new HookEvent(harness, pane, time, payload, origin, Optional.empty());
    }

    /** The same event, naming {@code pid} as its writer when it named none (an on-behalf event made in code). */
    public HookEvent writtenBy(long pid) {
        return origin instanceof Origin.OnBehalf b && b.pids().isEmpty()
                ? new HookEvent(harness, pane, time, payload, new Origin.OnBehalf(List.of(pid)), messaging)
                : this;
    }

    /** The same event, naming {@code holder} first: the process that keeps its file open for its writer. */
    public HookEvent heldBy(long holder) {
        List<Long> pids = new ArrayList<>(List.of(holder));
        if (origin instanceof Origin.Process p) {
            pids.addAll(p.pids());
            return new HookEvent(harness, pane, time, payload, new Origin.Process(pids), messaging);
        }
        if (origin instanceof Origin.OnBehalf b) {
            pids.addAll(b.pids());
            return new HookEvent(harness, pane, time, payload, new Origin.OnBehalf(pids), messaging);
        }
        throw new IllegalStateException("an event that names no processes has no holder to name");
    }

    /** The same event, its writer's processes as {@code /proc} says now (the writer first), not as it wrote them. */
    public HookEvent withLiveChain(List<Long> chain) {
        Origin live = origin instanceof Origin.OnBehalf ? new Origin.OnBehalf(chain) : new Origin.Process(chain);
        // a door stays only when it is a Claude the writer truly runs under, not one its header named
        Optional<ClaudeMessaging> door = live instanceof Origin.Process
                ? messaging.flatMap(m -> ClaudeMessaging.ofAncestor(m.socket(), m.token(), chain))
                : Optional.empty();
        return new HookEvent(harness, pane, time, payload, live, door);
    }

    /** The process that says it wrote this event (the first of its chain), if it names one. */
    public Optional<Long> writer() {
        List<Long> pids = origin instanceof Origin.Process p
                ? p.pids()
                : origin instanceof Origin.OnBehalf b ? b.pids() : List.of();
        return pids.stream().findFirst();
    }

    /** The same event, attributed to {@code pane}. */
    public HookEvent inPane(String pane) {
        return new HookEvent(harness, pane, time, payload, origin, messaging);
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
        return new HookEvent(harness, pane, time, payload, new Origin.OnBehalf(Processes.ancestryOfThisProcess()));
    }

    /** An event written by this very process, which runs in the pane it names (the simulated agent). */
    public static HookEvent fromThisProcess(String harness, String pane, Instant time, String payload) {
        return new HookEvent(harness, pane, time, payload, new Origin.Process(Processes.ancestryOfThisProcess()));
    }

    /** The bytes of a spool file holding this event, exactly as bin/gather writes them. */
    public byte[] toBytes() {
        String header =
                String.join(" ", MAGIC, VERSION, harness, pane, Long.toString(time.toEpochMilli()), origin(origin));
        if (messaging.isPresent()) {
            ClaudeMessaging m = messaging.get();
            header = String.join(
                            " ", MAGIC, WITH_DOOR, harness, pane, Long.toString(time.toEpochMilli()), origin(origin))
                    + " " + CLAUDE_SOCKET
                    + HexFormat.of().formatHex(m.socket().toString().getBytes(StandardCharsets.UTF_8)) + ":"
                    + m.token();
        }
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
        boolean v3 = header.length == 7 && WITH_DOOR.equals(header[1]);
        if (!MAGIC.equals(header[0]) || !(v1 || v2 || v3)) {
            throw new HookRejected(
                    "spool file header is not 'gather-hook 3 <harness> <pane> <epoch-ms> <origin> <door>'"
                            + " (nor version 2 or 1)");
        }
        try {
            Instant time = Instant.ofEpochMilli(Long.parseLong(header[4]));
            Origin origin = v1 ? new Origin.Unknown() : parseOrigin(header[5]);
            Optional<ClaudeMessaging> door = v3 ? door(header[6], origin) : Optional.empty();
            return new HookEvent(header[2], header[3], time, all.substring(newline + 1), origin, door);
        } catch (IllegalArgumentException e) {
            throw new HookRejected("spool file header is invalid: " + e.getMessage(), e);
        }
    }

    /**
     * The door a version 3 header names, kept only when its socket belongs to a process the writer
     * descends from: identity comes from the process, never from what a file claims.
     */
    private static Optional<ClaudeMessaging> door(String field, Origin origin) {
        if (!field.startsWith(CLAUDE_SOCKET) || !(origin instanceof Origin.Process process)) {
            return Optional.empty();
        }
        String[] parts = field.substring(CLAUDE_SOCKET.length()).split(":", -1);
        if (parts.length != 2) {
            return Optional.empty();
        }
        try {
            String socket = new String(HexFormat.of().parseHex(parts[0]), StandardCharsets.UTF_8);
            return ClaudeMessaging.ofAncestor(Path.of(socket), parts[1], process.pids());
        } catch (IllegalArgumentException e) { // bad hex, or a path the file system cannot hold
            return Optional.empty();
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
