package dev.gather.sim;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gather.turn.HookEvent;
import dev.gather.turn.Spool;
import java.io.IOException;
import java.time.Clock;
import java.util.Map;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reports the sim's turn ends the way a real harness's hook does: one {@code sim} event per answer
 * into the spool, with payload {@code {"last_message": …}}, in the exact format bin/gather's shell hook writes.
 */
final class SimReporter implements Consumer<String> {
    private static final Logger log = LoggerFactory.getLogger(SimReporter.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Spool spool;
    private final String pane;
    private final Clock clock;

    SimReporter(Spool spool, String pane, Clock clock) {
        this.spool = spool;
        this.pane = pane;
        this.clock = clock;
    }

    @Override
    public void accept(String lastMessage) {
        try {
            String payload = JSON.writeValueAsString(Map.of("last_message", lastMessage));
            spool.drop(new HookEvent("sim", pane, clock.instant(), payload));
        } catch (IOException e) {
            log.warn("sim could not report its turn end into {}: {}", spool.root(), e.getMessage());
        }
    }
}
