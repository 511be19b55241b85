package dev.gather.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A caller's {@code caller.thread} (Codex's MCP servers all run in the shared server's first pane)
 * names another pane only for a thread whose turns were reported from the caller's own pane: a
 * process in another Codex pane naming Ada's thread acts as itself, not as Ada (issue 35).
 */
class ThreadCallerTest {
    /** Ada's thread, learned for her pane %2 from turns reported from %1, the shared server's pane. */
    private static final Map<String, String> REPORTED_FROM = Map.of("thread-of-ada", "%1");

    private final List<Optional<String>> asked = new ArrayList<>();

    private final Dispatcher dispatcher = new Dispatcher()
            // the pane the process runs in is the one its request names (Callers is tested on its own)
            .identify((peer, r, onBehalfOf) -> r, r -> {})
            .threadPanes(
                    (thread, reporter) -> {
                        asked.add(reporter);
                        return reporter.isEmpty() || reporter.get().equals(REPORTED_FROM.get(thread))
                                ? Optional.of("%2")
                                : Optional.empty();
                    },
                    pane -> true)
            .on("who", r -> Dispatcher.JSON
                    .createObjectNode()
                    .put("pane", r.callerPane().orElse("")));

    private String who(Peer peer, String pane) throws Exception {
        String line = "{\"op\":\"who\",\"caller\":{\"pane\":\"" + pane + "\",\"thread\":\"thread-of-ada\"}}";
        JsonNode answer = Dispatcher.JSON.readTree(dispatcher.answer(peer, line));
        return answer.path("pane").asText();
    }

    @Test
    void aThreadNamesItsPaneOnlyForACallerInThePaneItsTurnsAreReportedFrom() throws Exception {
        assertEquals("%2", who(new Peer(4242), "%1"), "the shared server's MCP server acts for Ada");
        assertEquals("%3", who(new Peer(4343), "%3"), "another Codex pane naming her thread stays itself");
        assertEquals(List.of(Optional.of("%1"), Optional.of("%3")), asked);
    }
}
