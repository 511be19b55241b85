package dev.gather.server;

import dev.gather.identity.PaneOfProcess;
import dev.gather.process.Processes;
import dev.gather.tmux.Pane;
import dev.gather.tmux.TmuxConfig;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.LongFunction;
import java.util.function.Supplier;

/**
 * Who a socket request acts for: the pane its process runs in (the peer's pid, walked up its
 * parents to a pane's {@code pane_pid}), whatever {@code $TMUX_PANE} said. A process inside pane B
 * naming pane A is refused. A process outside every pane acts for a pane only by saying so
 * ({@code on_behalf_of}, the CLI's {@code --pane}), and the request carries who it was. Within one
 * Unix user this is no wall against intent; it ends accidental and silent impersonation.
 */
public final class Callers {
    private final Supplier<List<Pane>> panes;
    private final LongFunction<List<Long>> ancestry;
    private final BiFunction<Long, String, Optional<String>> environment;
    /** The kernel's terminal of a process outside every pane (a person's own shell), if it has one. */
    private final LongFunction<Optional<Long>> terminal;
    /** The pane terminals a process holds open (its stdin, stdout, stderr): what setsid does not drop. */
    private final LongFunction<Set<String>> terminals;

    public Callers(Supplier<List<Pane>> panes) {
        this(panes, Processes::ancestry, Processes::environment, Processes::terminal, Processes::terminals);
    }

    Callers(
            Supplier<List<Pane>> panes,
            LongFunction<List<Long>> ancestry,
            BiFunction<Long, String, Optional<String>> environment,
            LongFunction<Optional<Long>> terminal,
            LongFunction<Set<String>> terminals) {
        this.panes = panes;
        this.ancestry = ancestry;
        this.environment = environment;
        this.terminal = terminal;
        this.terminals = terminals;
    }

    /** {@code r} (with the pane it claims, and {@code onBehalfOf} if it said so) as it may act; throws {@link UserError}. */
    public Request identify(Peer peer, Request r, Optional<String> onBehalfOf) {
        Optional<String> claimed = r.callerPane();
        if (peer.inProcess()) {
            // the daemon's own process (the demo, tests): it names its pane, nothing to walk
            return new Request(r.op(), r.id(), onBehalfOf.or(() -> claimed), r.args(), r.onBehalf());
        }
        List<Long> chain = peer.equals(Peer.UNKNOWN) ? List.of() : ancestry.apply(peer.pid());
        List<Pane> live = panes.get();
        Optional<String> in = chain.isEmpty() ? Optional.empty() : PaneOfProcess.find(chain, live);
        Optional<String> left = in.isPresent() ? Optional.empty() : startedIn(chain, live);
        Optional<String> elsewhere = onBehalfOf.or(() -> claimed).filter(p -> !left.equals(Optional.of(p)));
        if (left.isPresent() && elsewhere.isPresent()) {
            throw new UserError(r.op() + ": refused: process " + peer.pid() + " was started in pane " + left.get()
                    + " (its $TMUX_PANE or its terminal) and has left that pane's process tree, not " + elsewhere.get()
                    + "; a process from inside a pane acts only for that pane");
        }
        if (in.isPresent()) {
            String pane = in.get();
            Optional<String> other = onBehalfOf.or(() -> claimed).filter(p -> !p.equals(pane));
            if (other.isPresent()) {
                throw new UserError(r.op() + ": refused: this process runs in pane " + pane + ", not "
                        + other.get() + "; a process inside a pane acts only for that pane"
                        + (onBehalfOf.isPresent() ? "" : " ($TMUX_PANE says " + other.get() + ")"));
            }
            return new Request(r.op(), r.id(), Optional.of(pane), r.args());
        }
        String who = peer.equals(Peer.UNKNOWN) ? "a process" : "process " + peer.pid();
        if (left.isPresent()) {
            who += " (started in pane " + left.get() + ", detached from it)";
        }
        if (onBehalfOf.isPresent()) {
            return new Request(
                    r.op(),
                    r.id(),
                    onBehalfOf,
                    r.args(),
                    Optional.of(who + ", outside every pane of this tmux server"));
        }
        Optional<String> foreign = otherServer(chain, live);
        if (claimed.isPresent() && foreign.isPresent()) {
            throw new UserError(r.op() + ": refused: " + who + " runs outside every pane of this tmux server:"
                    + " it runs in a pane of another tmux server (" + foreign.get() + "), and a gather daemon keeps"
                    + " the server it started on; give that server a gather of its own: GATHER_HOME=<another"
                    + " folder> gather " + r.op());
        }
        if (claimed.isPresent()) {
            throw new UserError(r.op() + ": refused: " + who + " runs outside every pane of this tmux server,"
                    + " yet $TMUX_PANE names " + claimed.get() + "; to act for " + claimed.get()
                    + " from outside, say so: --pane " + claimed.get() + " (on_behalf_of on the socket)");
        }
        // a person's own terminal, known by the kernel; a process that left a pane is not at one
        if (left.isEmpty() && !peer.equals(Peer.UNKNOWN)) {
            return terminal.apply(peer.pid()).map(r::atTerminal).orElse(r);
        }
        return r;
    }

    /**
     * The pane a process outside every pane's tree was started in, by the {@code $TMUX_PANE} it
     * inherited, when its {@code $TMUX} names this tmux server (by the server's pid, the parent of
     * every pane): {@code setsid} takes a process out of its pane's tree but not its environment.
     * A hint that can only refuse, never grant: a process that clears it is outside every pane.
     */
    private Optional<String> startedIn(List<Long> chain, List<Pane> live) {
        if (chain.isEmpty()) {
            return Optional.empty();
        }
        Optional<String> byTerminal = onTerminalOf(chain, live);
        if (byTerminal.isPresent()) {
            return byTerminal;
        }
        Optional<String> server = serverPid(live);
        Optional<String> tmux = environment.apply(chain.get(0), "TMUX");
        if (server.isEmpty() || tmux.isEmpty() || !server.equals(field(tmux.get(), 1))) {
            return Optional.empty();
        }
        return environment.apply(chain.get(0), "TMUX_PANE").filter(p -> live.stream()
                .anyMatch(l -> l.id().equals(p) && !l.dead()));
    }

    /**
     * The pane whose terminal a process outside every pane's tree still reads or writes (its own, or
     * a parent's before init): {@code setsid} with {@code $TMUX} and {@code $TMUX_PANE} cleared leaves
     * the tree and the environment, but not the pane's terminal, unless the process lets go of it too.
     */
    private Optional<String> onTerminalOf(List<Long> chain, List<Pane> live) {
        Set<String> mine = new HashSet<>();
        // the caller and its parents short of init (pid 1) or a subreaper the tree was handed to
        chain.stream().limit(Math.max(1, chain.size() - 1)).forEach(pid -> mine.addAll(terminals.apply(pid)));
        if (mine.isEmpty()) {
            return Optional.empty();
        }
        return live.stream()
                .filter(p -> !p.dead())
                .filter(p -> terminals.apply(p.pid()).stream().anyMatch(mine::contains))
                .map(Pane::id)
                .findFirst();
    }

    /**
     * The socket path of the tmux server a process's {@code $TMUX} names, when that is not this one (by
     * the server's pid): gather was called from a pane of another server than the daemon's.
     */
    private Optional<String> otherServer(List<Long> chain, List<Pane> live) {
        if (chain.isEmpty()) {
            return Optional.empty();
        }
        Optional<String> server = serverPid(live);
        Optional<String> tmux = environment.apply(chain.get(0), "TMUX");
        if (server.isEmpty()
                || tmux.isEmpty()
                || field(tmux.get(), 1).isEmpty()
                || server.equals(field(tmux.get(), 1))) {
            return Optional.empty();
        }
        return TmuxConfig.callersServer(tmux.get());
    }

    /** This tmux server's pid: the parent of every live pane's process. */
    private Optional<String> serverPid(List<Pane> live) {
        return live.stream()
                .filter(p -> !p.dead())
                .map(p -> ancestry.apply(p.pid()))
                .filter(c -> c.size() > 1)
                .map(c -> Long.toString(c.get(1)))
                .findFirst();
    }

    private static Optional<String> field(String commaSeparated, int index) {
        String[] fields = commaSeparated.split(",");
        return fields.length > index ? Optional.of(fields[index]) : Optional.empty();
    }
}
