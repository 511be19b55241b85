package dev.gather.ops;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.server.Dispatcher;
import dev.gather.server.Request;
import dev.gather.tmux.Pane;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code clean}: lists, and unless {@code dry_run} ends, the panes gather spawned for gatherings that
 * are no longer running (older runs, kept ones, a crashed daemon's). A pane counts only when its id
 * and its session name both match what the gathering's journal recorded at its start, so the user's
 * own panes are never touched.
 */
final class CleanOp {
    /** The start entry is among a journal's first lines. */
    private static final int HEAD = 8;

    private final Household d;

    CleanOp(Household d) {
        this.d = d;
    }

    ObjectNode handle(Request r) throws IOException {
        boolean dryRun = r.flag("dry_run");
        List<Pane> live = d.tmux.panes();
        ObjectNode out = Dispatcher.JSON.createObjectNode();
        ArrayNode ended = out.putArray(dryRun ? "left_behind" : "ended");
        for (JsonNode start : starts()) {
            String id = start.path("link").asText();
            if (d.gatherings.byId(id).isPresent()) {
                continue;
            }
            start.path("spawned").properties().forEach(e -> live.stream()
                    .filter(p -> p.id().equals(e.getKey())
                            && p.session().equals(e.getValue().asText()))
                    .findFirst()
                    .ifPresent(p -> {
                        if (!dryRun) {
                            MemberPanes.end(d, p.id());
                        }
                        ended.addObject()
                                .put("gathering", id)
                                .put("pane", p.id())
                                .put("session", p.session());
                    }));
        }
        return out;
    }

    /** The start entries of every gathering journal. */
    private List<JsonNode> starts() throws IOException {
        List<JsonNode> out = new ArrayList<>();
        Path dir = d.state.journals();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().matches("g-.*\\.jsonl"))
                    .toList()) {
                try (BufferedReader in = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
                    for (int i = 0; i < HEAD; i++) {
                        String line = in.readLine();
                        if (line == null) {
                            break;
                        }
                        JsonNode e = parse(line);
                        if (e != null && e.path("kind").asText().equals("start") && e.has("spawned")) {
                            out.add(e);
                            break;
                        }
                    }
                }
            }
        }
        return out;
    }

    private static JsonNode parse(String line) {
        try {
            return Dispatcher.JSON.readTree(line);
        } catch (IOException e) {
            return null;
        }
    }
}
