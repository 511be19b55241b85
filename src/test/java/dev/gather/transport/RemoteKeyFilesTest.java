package dev.gather.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What pairing leaves on disk and what a failed connection says: nothing others may read (issue 35). */
class RemoteKeyFilesTest {
    @TempDir
    Path dir;

    @Test
    void pairingOnAComputerWithNoStateFolderYetMakesItOwnerOnly() throws Exception {
        Path state = dir.resolve("never-used/gather");
        RemoteKey.generate().save(state);
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(state)));
        assertEquals(
                "rw-------",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(state.resolve(RemoteKey.FILE))));
    }

    @Test
    void aRedisThatCannotBeReachedIsReportedWithoutItsPassword() throws Exception {
        Path state = dir.resolve("state");
        RemoteKey.generate().save(state);
        for (String url : new String[] {"redis://gather:S3cretPW@127.0.0.1:1", "redis://gather:S3cretPW@bad host:1"}) {
            IllegalStateException e = assertThrows(
                    IllegalStateException.class,
                    () -> Transports.open(new Transports.Config("alpha", Optional.of(url), state)));
            StringWriter trace = new StringWriter();
            e.printStackTrace(new PrintWriter(trace));
            assertFalse(trace.toString().contains("S3cretPW"), trace.toString());
            assertTrue(e.getMessage().contains("redis://gather:***@"), e.getMessage());
        }
    }
}
