package dev.gather.home;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Where one gather installation keeps its state: {@code $GATHER_HOME}, else {@code
 * $XDG_STATE_HOME/gather}, else {@code $HOME/.local/state/gather}. Everything that must agree on a path
 * (daemon, clients, installer) derives it from here; the shell hook in bin/gather computes the same in
 * shell, a test holds the two together.
 */
public record StateDir(Path root) {
    public StateDir {
        Objects.requireNonNull(root, "root");
        root = root.toAbsolutePath().normalize();
    }

    /** The state directory for this process's environment. */
    public static StateDir fromEnvironment() {
        return Homes.fromEnvironment().state();
    }

    static StateDir from(Map<String, String> env, Path home) {
        // "set and not empty", the shell's [ -n "$X" ] in bin/gather
        if (Homes.set(env, "GATHER_HOME")) {
            return new StateDir(Path.of(env.get("GATHER_HOME")));
        }
        Path base =
                Homes.set(env, "XDG_STATE_HOME") ? Path.of(env.get("XDG_STATE_HOME")) : home.resolve(".local/state");
        return new StateDir(base.resolve("gather"));
    }

    /**
     * Makes the state folder if it is missing, and keeps it owner-only (0700) either way: it holds the
     * daemon's socket, the remote key, journals of every word said. Returns it.
     */
    public Path create() throws IOException {
        return createPrivate(root);
    }

    /** As {@link #create()}, for a folder named by its path. */
    public static Path createPrivate(Path dir) throws IOException {
        Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        if (Ownership.notOwnedBy(dir, Ownership.me()).isEmpty()) {
            // made before by another tool, or by an older gather with the umask's 0755
            Files.setPosixFilePermissions(dir, OWNER_ONLY);
        }
        return dir;
    }

    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");

    /** The daemon's Unix socket (owner-only). */
    public Path socket() {
        return root.resolve("daemon.sock");
    }

    /**
     * A new connection to the daemon's socket; fails when no daemon listens there, and with {@link
     * NotYours} when the folder, the socket or the process listening on it is another user's (whose
     * daemon would read every request and answer as it liked).
     */
    public SocketChannel connect() throws IOException {
        return connect(Ownership.me());
    }

    SocketChannel connect(String me) throws IOException {
        for (Path p : new Path[] {root, socket()}) {
            Optional<String> why = Ownership.notOwnedBy(p, me);
            if (why.isPresent()) {
                throw new NotYours(this, why.get());
            }
        }
        SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            ch.connect(UnixDomainSocketAddress.of(socket()));
            Optional<String> peer = Ownership.peerNotOwnedBy(ch, me);
            if (peer.isPresent()) {
                throw new NotYours(this, socket() + ": " + peer.get());
            }
            return ch;
        } catch (IOException e) {
            ch.close();
            throw e;
        }
    }

    /** A state folder, or its daemon, that is another user's: never to be used, nor replaced by a start. */
    public static final class NotYours extends IOException {
        private static final long serialVersionUID = 1L;

        NotYours(StateDir state, String why) {
            super("the gather state directory " + state.root() + " is not yours: " + why
                    + "; its daemon is not yours to use. Set GATHER_HOME to a directory of your own");
        }
    }

    /** Lock file held by the one running daemon. */
    public Path lock() {
        return root.resolve("daemon.lock");
    }

    /**
     * Left by {@code gather daemon --stop} until a daemon runs again: the client that starts the next
     * one says that it starts a daemon its user stopped.
     */
    public Path stoppedMark() {
        return root.resolve("daemon.stopped");
    }

    /** The daemon's log file. */
    public Path log() {
        return root.resolve("daemon.log");
    }

    /** Append-only JSONL journals, one per link or gathering. */
    public Path journals() {
        return root.resolve("journal");
    }

    /**
     * Hook events dropped by {@code gather hook} (one file each, written to {@code spool/tmp} then
     * renamed into {@code spool/in}) for the daemon to pick up.
     */
    public Path spool() {
        return root.resolve("spool");
    }

    /** One JSON line per install or uninstall of gather into a harness's config. */
    public Path installLog() {
        return root.resolve("install.log");
    }
}
