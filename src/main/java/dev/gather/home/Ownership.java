package dev.gather.home;

import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Optional;
import java.util.Set;
import jdk.net.ExtendedSocketOptions;
import jdk.net.UnixDomainPrincipal;

/**
 * Whether a file, a folder or the process at the other end of a Unix socket is this user's. A socket
 * or a folder another user controls hands them what gather sends through it (a session token, a
 * message, a daemon's answer), so gather talks only through its own.
 */
public final class Ownership {
    private static final Set<PosixFilePermission> OTHERS_WRITE =
            Set.of(PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_WRITE);

    private Ownership() {}

    /** The user this process runs as. */
    public static String me() {
        return System.getProperty("user.name");
    }

    /**
     * Why {@code path} (itself, not what a link points to) is not {@code me}'s: the user who owns it;
     * empty when it is {@code me}'s, or when the file system keeps no owners.
     */
    public static Optional<String> notOwnedBy(Path path, String me) throws IOException {
        String owner;
        try {
            owner = Files.getOwner(path, LinkOption.NOFOLLOW_LINKS).getName();
        } catch (UnsupportedOperationException e) {
            return Optional.empty();
        }
        return owner.equals(me)
                ? Optional.empty()
                : Optional.of(path + " belongs to user " + owner + ", not to you (" + me + ")");
    }

    /**
     * Why a socket at {@code socket} cannot be trusted as {@code me}'s: it, or the folder it is in, is
     * another user's, or the folder lets others write (so they could put their own socket there).
     * Links are followed to the real socket and folder too. Empty when all are {@code me}'s alone (a
     * socket not there yet is no one's: connecting to it fails).
     */
    public static Optional<String> untrustedSocket(Path socket, String me) {
        try {
            Path folder = socket.toAbsolutePath().getParent();
            Optional<String> why = folder == null ? Optional.empty() : privateFolder(folder.toRealPath(), me);
            if (why.isEmpty() && Files.exists(socket, LinkOption.NOFOLLOW_LINKS)) {
                Path real = socket.toRealPath();
                why = notOwnedBy(real, me);
                if (why.isEmpty() && real.getParent() != null) {
                    why = privateFolder(real.getParent(), me);
                }
            }
            return why;
        } catch (IOException e) {
            return Optional.of(socket + " cannot be checked: " + e.getMessage());
        }
    }

    private static Optional<String> privateFolder(Path folder, String me) throws IOException {
        Optional<String> why = notOwnedBy(folder, me);
        return why.isPresent() ? why : writableByOthers(folder);
    }

    /** Why {@code folder} lets someone other than its owner create or replace files in it; empty when not. */
    public static Optional<String> writableByOthers(Path folder) throws IOException {
        Set<PosixFilePermission> mode;
        try {
            mode = Files.getPosixFilePermissions(folder);
        } catch (UnsupportedOperationException e) {
            return Optional.empty();
        }
        return mode.stream().anyMatch(OTHERS_WRITE::contains)
                ? Optional.of("the folder " + folder + " is writable by other users")
                : Optional.empty();
    }

    /**
     * Why the process at the other end of {@code connected} is not {@code me}'s, from the kernel
     * (SO_PEERCRED); empty when it is, or when this kernel does not say.
     */
    public static Optional<String> peerNotOwnedBy(SocketChannel connected, String me) {
        UnixDomainPrincipal peer;
        try {
            peer = connected.getOption(ExtendedSocketOptions.SO_PEERCRED);
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.empty();
        }
        String user = peer.user().getName();
        return user.equals(me)
                ? Optional.empty()
                : Optional.of("the process listening there runs as user " + user + ", not as you (" + me + ")");
    }
}
