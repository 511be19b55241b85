package dev.gather.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.client.DaemonClient;
import dev.gather.home.StateDir;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code gather say} exits 0 only when the words were relayed; kept and not relayed is a failure a script sees. */
class SayCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int say(boolean relayed) {
        // the daemon's answer to the say op, without a daemon: the client answers it in place
        DaemonClient daemon = DaemonClient.inDaemon(
                line -> "{\"ok\":true,\"relayed\":" + relayed + ",\"gathering_id\":\"g-1\"}",
                Optional.empty(),
                Optional.empty());
        CommandLine cli =
                Main.commandLine(new Main(new Invocation(new StateDir(Path.of("/nonexistent")), () -> daemon)));
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute("say", "g-1", "I think we are missing tests.");
    }

    @Test
    void wordsRelayedExitZero() {
        assertEquals(0, say(true));
        assertEquals("said", out.toString().strip());
    }

    @Test
    void wordsKeptAndNotRelayedExitNonZeroSayingWhy() {
        assertEquals(1, say(false));
        assertEquals("", out.toString());
        assertTrue(err.toString().contains("not relayed: you do not hold the piece of g-1"), err.toString());
    }
}
