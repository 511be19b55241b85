package dev.gather.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.client.DaemonClient;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "status", resourceBundle = "dev.gather.cli.help.status", mixinStandardHelpOptions = true)
final class StatusCommand implements Callable<Integer> {
    /** A pending message's delivery state in words, in the order a message goes through them. */
    private static final List<Map.Entry<String, String>> PENDING = List.of(
            Map.entry("typing", "being typed in"),
            Map.entry("queued", "waiting to be typed"),
            Map.entry("delivered", "typed but not yet confirmed"));

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    FormatOption format = new FormatOption();

    @Override
    public Integer call() throws Exception {
        DaemonClient client = Invocation.of(spec).client().get();
        JsonNode a = client.call(client.request("status"));
        if (format.json()) {
            spec.commandLine().getOut().println(a.toString());
            return 0;
        }
        print(spec.commandLine().getOut(), a, Clock.systemDefaultZone());
        return 0;
    }

    /** The status answer {@code a} in words: local times to the second, closed gatherings apart from live ones. */
    static void print(PrintWriter out, JsonNode a, Clock clock) {
        JsonNode d = a.path("daemon");
        out.println("daemon pid " + d.path("pid").asLong() + ", up "
                + d.path("uptime_s").asLong() + " s, state "
                + d.path("state_dir").asText() + ", computer "
                + d.path("computer").asText("-"));
        if (!a.path("tmux").path("ok").asBoolean(true)) {
            out.println(a.path("tmux").path("error").asText());
        }
        // a gathering is also a link: it is told once, as a gathering, with its members' panes
        Set<String> gatherings = new HashSet<>();
        Set<String> panes = new HashSet<>();
        for (JsonNode g : a.path("gatherings")) {
            gatherings.add(g.path("gathering_id").asText());
            g.path("members").forEach(m -> panes.add(m.path("pane").asText("")));
        }
        for (JsonNode l : a.path("links")) {
            if (!gatherings.contains(l.path("id").asText())) {
                out.println(LinksCommand.describe(l));
            }
        }
        Set<String> open = new HashSet<>();
        List<String> closed = new ArrayList<>();
        a.path("links").forEach(l -> open.add(l.path("id").asText()));
        for (JsonNode g : a.path("gatherings")) {
            String id = g.path("gathering_id").asText();
            // a closed gathering is history, not live: it is named on the recently closed line only
            if (g.path("state").asText().equals("closed")) {
                closed.add(id);
                continue;
            }
            open.add(id);
            out.println(id + " (" + g.path("rhythm").asText("-") + ") "
                    + g.path("state").asText() + ", phase "
                    + g.path("phase").asText() + " round "
                    + g.path("round").asInt() + "/" + g.path("rounds").asInt()
                    + ", piece with " + g.path("holder").asText("-"));
            for (JsonNode m : g.path("members")) {
                JsonNode del = m.path("delivery");
                out.println(
                        "  " + m.path("number").asInt() + ". " + m.path("name").asText() + " ["
                                + m.path("role").asText() + "] "
                                + (del.isMissingNode() ? "no pane" : state(del, clock)));
            }
        }
        for (JsonNode p : a.path("deliveries")) {
            if (panes.contains(p.path("pane").asText())) {
                continue;
            }
            JsonNode del = p.path("delivery");
            out.println("  " + p.path("pane").asText() + " ("
                    + del.path("profile").asText() + door(del) + ") " + state(del, clock));
        }
        for (var journal : a.path("degraded").properties()) {
            out.println("journal " + journal.getKey() + " degraded: "
                    + journal.getValue().asText() + " (turns wait in the spool until it can be written)");
        }
        long waiting = a.path("spool").path("waiting").asLong();
        if (waiting > 0) {
            out.println(waiting + " turn end(s) wait in the spool for the daemon to take them");
        }
        long refused = a.path("spool").path("refused").asLong();
        if (refused > 0) {
            out.println(refused + " turn end(s) refused: nothing proved who wrote them (spool/rejected;"
                    + " daemon.log says why)");
        }
        for (JsonNode id : a.path("interrupted")) {
            out.println(id.asText() + " interrupted (a daemon stopped before it closed and it could not"
                    + " resume; gather transcript " + id.asText() + ")");
        }
        for (JsonNode id : a.path("resumed")) {
            if (open.contains(id.asText())) {
                out.println(id.asText() + " resumed (a daemon stopped before it closed; this one took it up)");
            } else if (!closed.contains(id.asText())) {
                closed.add(id.asText());
            }
        }
        if (!closed.isEmpty()) {
            out.println("recently closed: " + String.join(", ", closed) + " (gather transcript <id> shows one)");
        }
        out.flush();
    }

    /** ", through codex-queue" for a member reached through its harness's own door; nothing for keystrokes. */
    static String door(JsonNode del) {
        String door = del.path("door").asText("keystrokes");
        return door.equals("keystrokes") ? "" : ", through " + door;
    }

    /** "thinking since 14:03:07; 1 message being typed in" from a member's delivery picture. */
    static String state(JsonNode del, Clock clock) {
        String word = del.path("state").asText();
        return (word.equals("busy") ? "thinking" : word) + " since "
                + localTime(del.path("since").asText(), clock) + "; "
                + pending(del.path("pending"), del.path("note").asText(""));
    }

    /** An instant as the reader's local time to the second, with the date when it is not today. */
    static String localTime(String instant, Clock clock) {
        try {
            ZonedDateTime t = Instant.parse(instant).atZone(clock.getZone()).truncatedTo(ChronoUnit.SECONDS);
            boolean today = t.toLocalDate().equals(LocalDate.now(clock));
            return t.format(DateTimeFormatter.ofPattern(today ? "HH:mm:ss" : "yyyy-MM-dd HH:mm:ss"));
        } catch (DateTimeParseException e) {
            return instant.isBlank() ? "-" : instant;
        }
    }

    /**
     * "1 message being typed in, 2 waiting to be typed; waiting: dialog open" from a pending list and the
     * channel's note: what is on its way to the member, in plain words.
     */
    static String pending(JsonNode list, String note) {
        Map<String, Integer> counts = new HashMap<>();
        list.forEach(p -> counts.merge(p.path("state").asText(), 1, Integer::sum));
        List<String> parts = new ArrayList<>();
        for (var p : PENDING) {
            int n = counts.getOrDefault(p.getKey(), 0);
            if (n > 0) {
                parts.add(n + (n == 1 ? " message " : " messages ") + p.getValue());
            }
        }
        String head = parts.isEmpty() ? "no messages on their way" : String.join(", ", parts);
        return note.isBlank() ? head : head + "; " + note;
    }
}
