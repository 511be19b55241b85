package dev.gather.tmux;

import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sessions control clients attach to, named plainly as gather's in the user's {@code tmux ls}
 * ({@code gather-watching-<pid>-<n>}; older gathers named theirs {@code gather-ctl-<pid>-<n>}), their
 * own window named {@code gather} rather than after the program that keeps it open. Removing one
 * first unlinks the windows it borrowed (so they live on in their own sessions), then kills it.
 * tmux's {@code destroy-unattached} would do this by itself, but on tmux 3.3a destroying such a
 * session when its control client detached crashed the server in our tests, so we never use it.
 */
final class ControlSessions {
    private static final Logger LOG = LoggerFactory.getLogger(ControlSessions.class);
    private static final Pattern NAME = Pattern.compile("gather-(?:watching|ctl)-(\\d+)-\\d+");

    /**
     * What keeps a control session's own window open: a shell polling its daemon and its tmux server,
     * whose pid tmux gives every pane in {@code $TMUX} ({@code socket,pid,session}; the socket's path
     * may hold commas, so it is read from the end). Not its parent: a shell that starts after its
     * server died has been handed to init or a subreaper already, and would poll that for ever.
     */
    private static final String KEEPER =
            "p=${TMUX%,*}; p=${p##*,}; while kill -0 DAEMON 2>/dev/null && kill -0 \"$p\" 2>/dev/null; do sleep 2; done";

    /** The name of a control session's own window (the others are the user's, linked in). */
    static final String WINDOW = "gather";

    private ControlSessions() {}

    /** Whether {@code session} is one of gather's control sessions (any gather process's). */
    static boolean isOne(String session) {
        return NAME.matcher(session).matches();
    }

    static String name(long pid, long instance) {
        return "gather-watching-" + pid + "-" + instance;
    }

    /**
     * The control client's command: attach to {@code session}, making it first when missing. Its own
     * window lives only as long as process {@code pid}: a daemon killed outright leaves no session
     * (nor a server kept up by it). It ends too when its tmux server has gone: a server killed before
     * the window's shell held its terminal sends it no hangup, and the shell was then left polling for
     * as long as its daemon ran (found once after a test run, its daemon the tests').
     */
    static List<String> attachArgs(String session, long pid) {
        return List.of(
                "-C",
                "new-session",
                "-A",
                "-s",
                session,
                "-n",
                WINDOW,
                "-x",
                "80",
                "-y",
                "24",
                "sh",
                "-c",
                KEEPER.replace("DAEMON", Long.toString(pid)));
    }

    /** Removes control sessions left by gather processes that no longer run. */
    static void removeStale(Function<List<String>, List<String>> run) {
        for (String s : run.apply(List.of("list-sessions", "-F", "#{session_name}"))) {
            Matcher m = NAME.matcher(s);
            if (m.matches() && ProcessHandle.of(Long.parseLong(m.group(1))).isEmpty()) {
                LOG.info("removing tmux session {} left by a gather process that is gone", s);
                remove(run, s);
            }
        }
    }

    static void remove(Function<List<String>, List<String>> run, String session) {
        try {
            for (String line :
                    run.apply(List.of("list-windows", "-t", session, "-F", "#{window_id} #{window_linked}"))) {
                String[] f = line.split(" ");
                if (f.length == 2 && f[1].equals("1")) {
                    run.apply(List.of("unlink-window", "-t", session + ":" + f[0]));
                }
            }
            run.apply(List.of("kill-session", "-t", session));
        } catch (TmuxException e) {
            LOG.debug("removing control session {}: {}", session, e.getMessage());
        }
    }
}
