package dev.gather.harness;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.tmux.Pane;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * A class of live tests on real Claude Code panes, its tests in order: one {@link LiveClaude} for the
 * whole class, closed after it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class ClaudeCase {
    /** How long a real Claude may take over a turn on a loaded machine. */
    static final Duration LONG = Duration.ofSeconds(120);

    LiveClaude live;

    @AfterAll
    void closeClaude() {
        if (live != null) {
            live.close();
        }
    }

    /** {@code message} sent from {@code from} (none: outside every pane) to {@code to}, a one-shot; the daemon's answer. */
    JsonNode send(Pane from, Pane to, String message) throws IOException {
        return live.call(from, "send", LiveClaude.args().put("to", to.id()).put("message", message));
    }
}
