package dev.gather.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gather.client.DaemonClient;
import dev.gather.home.StateDir;
import dev.gather.rhythm.RhythmLibrary;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * gather web turns Nagle's algorithm off: the JDK's server writes an answer's headers and its body
 * apart, and with the algorithm on, the body waited for the browser's delayed acknowledgement, 40 ms
 * on every call (400 page loads took 71 s instead of 19 s). The figure is the benchmark's ({@code web},
 * "a page's API call"); this holds the setting, which the JDK reads once, before its server's first use.
 */
class AnswersAtOnceTest {
    private static final String NO_DELAY = "sun.net.httpserver.nodelay";

    @TempDir
    Path state;

    @Test
    void theServerSendsEachAnswerWithoutWaitingForAnAcknowledgement() throws Exception {
        String before = System.clearProperty(NO_DELAY);
        try (WebServer web = WebServer.start(
                new DaemonClient(new StateDir(state), Optional.empty()), new RhythmLibrary(List.of()), 0)) {
            assertEquals("true", System.getProperty(NO_DELAY), "TCP_NODELAY on the server's connections");
        } finally {
            if (before != null) {
                System.setProperty(NO_DELAY, before);
            }
        }
    }
}
