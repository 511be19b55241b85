package dev.gather.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.client.DaemonClient;
import dev.gather.tmux.ControlModeTmux;
import dev.gather.turn.Spool;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * The relay inside a loaded daemon: a turn of a gathering's holder, dropped in the daemon's spool as its
 * hook does, until its words are in another member's pane. The piece moves on its own meanwhile (the
 * gatherings beat), so a turn that reached a member no longer holding it is not relayed and is asked
 * again of the new holder rather than counted.
 */
record LoadedRelay(DaemonClient client, Spool spool, ControlModeTmux tmux) {
    /** {@code samples} relays, spread over {@code gatherings}, in ms. */
    double[] measure(List<String> gatherings, int samples) throws Exception {
        double[] ms = new double[samples];
        int missed = 0;
        for (int s = 0; s < samples; ) {
            String id = gatherings.get(s % gatherings.size());
            JsonNode status = client.call(client.request("gathering_status").put("gathering", id));
            String holder = status.path("holder").asText();
            String from = null;
            String to = null;
            for (JsonNode m : status.path("members")) {
                String pane = m.path("pane").asText("");
                if (m.path("name").asText().equals(holder)) {
                    from = pane;
                } else if (to == null && !pane.isEmpty()) {
                    to = pane;
                }
            }
            if (from == null || from.isEmpty() || to == null) {
                throw new IllegalStateException(id + " has no holder with a pane to measure a relay from: " + status);
            }
            double took = relay(from, to);
            if (took >= 0) {
                ms[s++] = took;
            } else if (++missed > samples) {
                throw new IllegalStateException("turns were not relayed: " + missed + " of " + (s + missed));
            }
        }
        return ms;
    }

    /** ms from the hook's file to the words in {@code to}'s pane; -1 when they did not come (the piece moved). */
    private double relay(String from, String to) throws Exception {
        try {
            return HookToPane.millis(spool, from, tmux, to, "loaded-relay-", Duration.ofSeconds(5));
        } catch (TimeoutException e) {
            return -1;
        }
    }
}
