package dev.gather.home;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A state folder or socket that is not the user's is never talked to (issue 35: with a state folder
 * another user made, {@code gather status} printed that user's daemon's answer); state folders are
 * owner-only however they come to be; a folder others may write is no place for a socket gather trusts.
 */
class OwnershipTest {
    @TempDir
    Path dir;

    @Test
    void aStateFolderAndSocketOfAnotherUserAreRefusedBeforeAnythingIsSent() throws Exception {
        StateDir state = new StateDir(dir.resolve("state"));
        state.create();
        try (ServerSocketChannel daemon = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            daemon.bind(UnixDomainSocketAddress.of(state.socket()));
            // the files are this process's user's: to anyone else they are another user's
            StateDir.NotYours refused = assertThrows(StateDir.NotYours.class, () -> state.connect("someone-else"));
            assertTrue(refused.getMessage().contains("belongs to user " + Ownership.me()), refused.getMessage());
            assertTrue(refused.getMessage().contains("GATHER_HOME"), refused.getMessage());
            try (SocketChannel mine = state.connect(Ownership.me())) {
                assertTrue(mine.isConnected());
                assertEquals(Optional.empty(), Ownership.peerNotOwnedBy(mine, Ownership.me()), "SO_PEERCRED says: me");
                assertTrue(Ownership.peerNotOwnedBy(mine, "someone-else").isPresent());
            }
        }
    }

    @Test
    void aStateFolderIsOwnerOnlyWhetherNewOrMadeBeforeWithTheUmask() throws Exception {
        Path fresh = StateDir.createPrivate(dir.resolve("a/b/state"));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(fresh)));
        Path old = Files.createDirectories(dir.resolve("old"));
        Files.setPosixFilePermissions(old, PosixFilePermissions.fromString("rwxr-xr-x"));
        new StateDir(old).create();
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(old)));
    }

    @Test
    void aSocketInAFolderOthersMayWriteIsNotTrusted() throws Exception {
        Path shared = Files.createDirectories(dir.resolve("cc-socks"));
        Path socket = shared.resolve("4242.sock");
        try (ServerSocketChannel claude = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            claude.bind(UnixDomainSocketAddress.of(socket));
            Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwx------"));
            assertEquals(Optional.empty(), Ownership.untrustedSocket(socket, Ownership.me()));
            for (String mode : new String[] {"rwxrwxrwx", "rwx-w----", "rwx----wx"}) {
                Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString(mode));
                Optional<String> why = Ownership.untrustedSocket(socket, Ownership.me());
                assertTrue(why.orElse("").contains("writable by other users"), mode + ": " + why);
            }
            Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwx------"));
            assertTrue(
                    Ownership.untrustedSocket(socket, "someone-else").orElse("").contains("belongs to user"));
            // a link in a private folder to a socket in a shared one is judged by where it leads
            Path mine = Files.createDirectories(dir.resolve("mine"));
            Files.setPosixFilePermissions(mine, PosixFilePermissions.fromString("rwx------"));
            Path link = Files.createSymbolicLink(mine.resolve("4242.sock"), socket);
            Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
            assertFalse(Ownership.untrustedSocket(link, Ownership.me()).isEmpty());
        }
    }

    @Test
    void aUrlsPasswordNeverShows() {
        assertEquals(
                "cannot connect to Redis at redis://gather:***@10.0.0.1:6379: refused",
                Secrets.redact("cannot connect to Redis at redis://gather:S3cret@10.0.0.1:6379: refused"));
        assertEquals(
                "rediss://***@h:6380/0 and redis://:***@h",
                Secrets.redact("rediss://S3cret@h:6380/0 and redis://:pw@h"));
        assertEquals("no url here", Secrets.redact("no url here"));
    }
}
