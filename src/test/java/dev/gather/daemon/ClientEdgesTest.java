package dev.gather.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.client.DaemonPid;
import dev.gather.home.StateDir;
import dev.gather.journal.Journal;
import dev.gather.journal.Journals;
import dev.gather.journal.Message;
import dev.gather.testing.Beside;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** What a user meets at the edges of a client: a reader that stops early, clients that start a daemon together. */
@Beside
class ClientEdgesTest {
    @TempDir
    Path home;

    @RegisterExtension
    final DaemonProcesses daemons = new DaemonProcesses(() -> home);

    @Test
    void aReaderThatStopsAfterOneLineIsNoDaemonGoneAway() throws Exception {
        assertEquals(0, Cli.run(home, Optional.of(daemons.socket), "status").code());
        String id = "link-20261125-160000-1";
        Journal journal = new Journals(new StateDir(home).journals(), Clock.systemUTC()).of(id);
        for (int i = 0; i < 200; i++) {
            // far more than a pipe holds, so the bridge is still writing when the reader goes
            journal.appendUnforced(
                    new Message.Relay(id, "Ada", false, 1, null, List.of("Bo"), List.of(), "words ".repeat(400)));
        }
        Path stderr = home.resolve("transcript.err");
        Process p = Cli.startBridged(
                home,
                daemons.socket,
                ProcessBuilder.Redirect.to(stderr.toFile()),
                "transcript",
                id,
                "--format",
                "json");
        // `gather transcript --format json | head -1`
        String first = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
        p.getInputStream().close();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the command ended once its reader went");
        assertTrue(first.contains("\"kind\":\"relay\""), first);
        String err = Files.readString(stderr);
        assertFalse(err.contains("went away"), err);
        assertEquals(0, p.exitValue(), err);
    }

    @Test
    void clientsStartingADaemonTogetherShareTheOneThatStarts() throws Exception {
        List<Process> clients = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            clients.add(Cli.start(home, Optional.of(daemons.socket), "links"));
        }
        int starting = 0;
        for (Process c : clients) {
            String out = new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(c.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, c.exitValue(), out);
            assertFalse(out.contains("failed to start"), out);
            starting += out.contains("starting the daemon") ? 1 : 0;
        }
        assertEquals(1, starting, "one client starts the daemon, the others wait for it");
        long pid = DaemonPid.living(new StateDir(home)).orElseThrow();
        assertTrue(Cli.run(home, Optional.of(daemons.socket), "status").out().contains("daemon pid " + pid));
    }
}
