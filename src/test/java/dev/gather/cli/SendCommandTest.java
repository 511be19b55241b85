package dev.gather.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gather.client.DaemonClient;
import dev.gather.home.StateDir;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code gather send} tells what the daemon answered: where the words went, and what of them was not kept. */
class SendCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int send(String answer) {
        // the daemon's answer to the send op, without a daemon: the client answers it in place
        DaemonClient daemon = DaemonClient.inDaemon(line -> answer, Optional.empty(), Optional.empty());
        CommandLine cli =
                Main.commandLine(new Main(new Invocation(new StateDir(Path.of("/nonexistent")), () -> daemon)));
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute("send", "--to", "Bo", "a word aside");
    }

    @Test
    void wordsThatWentButWhoseGatheringCopyWasRefusedExitZeroAndSaySo() {
        assertEquals(
                0,
                send("{\"ok\":true,\"delivered\":[{\"to\":\"Bo\",\"state\":\"queued\"}],\"reply\":\"expected\","
                        + "\"transcript\":\"not kept in g-1's transcript: No space left on device\"}"));
        assertEquals("Bo: queued\nreply: expected", out.toString().strip());
        assertEquals(
                "gather send: sent, but not kept in g-1's transcript: No space left on device",
                err.toString().strip());
    }

    @Test
    void wordsKeptEverywhereSayNothingMore() {
        assertEquals(0, send("{\"ok\":true,\"delivered\":[{\"to\":\"Bo\",\"state\":\"queued\"}]}"));
        assertEquals("Bo: queued", out.toString().strip());
        assertEquals("", err.toString());
    }
}
