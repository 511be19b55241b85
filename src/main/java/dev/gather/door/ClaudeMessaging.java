package dev.gather.door;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One Claude Code session's cross-session inbox: the Unix socket it listens on and the token it
 * gave its own children ({@code CLAUDE_CODE_MESSAGING_SOCKET}, {@code CLAUDE_CODE_MESSAGING_TOKEN}).
 * The token is a secret: {@link #toString()} never shows it, so no log, journal or status line can.
 */
public record ClaudeMessaging(Path socket, String token) {
    /** Claude names its own socket by its pid ({@code 4242.sock}, or {@code 4242-1a2b3c4d.sock} moved aside). */
    private static final Pattern OWN_NAME = Pattern.compile("(?<pid>[0-9]{1,10})(?:-[0-9a-f]{8})?\\.sock");

    private static final Pattern TOKEN = Pattern.compile("[0-9A-Za-z_-]{8,256}");

    public ClaudeMessaging {
        Objects.requireNonNull(socket, "socket");
        Objects.requireNonNull(token, "token");
        if (!socket.isAbsolute()) {
            throw new IllegalArgumentException(
                    "Claude's messaging socket must be an absolute path (was " + socket + ")");
        }
        if (!TOKEN.matcher(token).matches()) {
            throw new IllegalArgumentException("Claude's messaging token is not a token Claude hands out");
        }
    }

    /**
     * The inbox a hook saw in its environment, if the socket is the one a process among {@code pids}
     * (the hook and its parents) listens on: the pid in Claude's own socket name must be one of them,
     * so a process can only point gather at the Claude it runs under, never at another pane's.
     */
    public static Optional<ClaudeMessaging> ofAncestor(Path socket, String token, List<Long> pids) {
        Path name = socket.getFileName();
        if (name == null) {
            return Optional.empty();
        }
        Matcher m = OWN_NAME.matcher(name.toString());
        if (!m.matches() || !pids.contains(Long.parseLong(m.group("pid")))) {
            return Optional.empty();
        }
        try {
            return Optional.of(new ClaudeMessaging(socket, token));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    @Override
    public String toString() {
        return "ClaudeMessaging[" + socket + ", token hidden]";
    }
}
