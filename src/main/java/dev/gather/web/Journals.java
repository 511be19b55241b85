package dev.gather.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.client.DaemonClient;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every journal the daemon keeps, summed up from one pass of the {@code events} op (as {@code gather events}
 * reads it): what ran, who spoke, how it ended, and its harvest.
 */
final class Journals {
    private static final Pattern RHYTHM = Pattern.compile("of rhythm (\\S+)");

    private final DaemonClient daemon;

    Journals(DaemonClient daemon) {
        this.daemon = daemon;
    }

    ObjectNode summary() throws IOException {
        Map<String, Summary> byId = new LinkedHashMap<>();
        daemon.stream(daemon.request("events").put("follow", false), e -> {
            byId.computeIfAbsent(e.path("journal").asText(), Summary::new).add(e);
            return true;
        });
        ObjectNode out = Http.JSON.createObjectNode();
        ArrayNode list = out.putArray("journals");
        byId.values().forEach(s -> list.add(s.json()));
        return out;
    }

    /** One journal so far. */
    private static final class Summary {
        final String id;
        final TreeSet<String> speakers = new TreeSet<>();
        String rhythm = "";
        String started = "";
        String closed;
        JsonNode harvest;
        int relays;
        int failed;
        long entries;

        Summary(String id) {
            this.id = id;
        }

        void add(JsonNode e) {
            entries = e.path("n").asLong();
            if (started.isEmpty()) {
                started = e.path("time").asText("");
            }
            switch (e.path("event").asText()) {
                case "start" -> {
                    Matcher m = RHYTHM.matcher(e.path("text").asText(""));
                    if (m.find()) {
                        rhythm = m.group(1);
                    }
                }
                case "relay" -> {
                    relays++;
                    speakers.add(e.path("from").asText());
                }
                case "close", "interrupted" -> closed =
                        e.path("text").asText(e.path("event").asText());
                case "harvest" -> harvest = e;
                case "delivery" -> failed += e.path("state").asText().equals("failed") ? 1 : 0;
                default -> {}
            }
        }

        ObjectNode json() {
            ObjectNode o = Http.JSON
                    .createObjectNode()
                    .put("id", id)
                    .put("gathering", !rhythm.isEmpty())
                    .put("rhythm", rhythm)
                    .put("started", started)
                    .put("relays", relays)
                    .put("failed", failed)
                    .put("entries", entries);
            ArrayNode who = o.putArray("speakers");
            speakers.forEach(who::add);
            if (closed != null) {
                o.put("closed", closed);
            }
            if (harvest != null) {
                o.putObject("harvest")
                        .put("from", harvest.path("from").asText())
                        .put("text", harvest.path("text").asText());
            }
            return o;
        }
    }
}
