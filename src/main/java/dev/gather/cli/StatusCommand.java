package dev.gather.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.daemon.DaemonClient;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(
        name = "status",
        mixinStandardHelpOptions = true,
        description = {"Show the daemon, its links and gatherings.", "", "Example:  gather status"})
final class StatusCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @picocli.CommandLine.Option(
            names = "--format",
            defaultValue = "text",
            description = "text, or json (the daemon's answer as is).")
    String format;

    @Override
    public Integer call() throws Exception {
        DaemonClient client = Invocation.of(spec).client().get();
        JsonNode a = client.call(client.request("status"));
        if (format.equals("json")) {
            spec.commandLine().getOut().println(a.toString());
            return 0;
        }
        JsonNode d = a.path("daemon");
        spec.commandLine()
                .getOut()
                .println("daemon pid " + d.path("pid").asLong() + ", up "
                        + d.path("uptime_s").asLong() + " s, state "
                        + d.path("state_dir").asText() + ", computer "
                        + d.path("computer").asText("-"));
        if (!a.path("tmux").path("ok").asBoolean(true)) {
            spec.commandLine().getOut().println(a.path("tmux").path("error").asText());
        }
        for (JsonNode l : a.path("links")) {
            spec.commandLine().getOut().println(LinksCommand.describe(l));
        }
        for (JsonNode g : a.path("gatherings")) {
            spec.commandLine()
                    .getOut()
                    .println(g.path("gathering_id").asText() + " "
                            + g.path("state").asText() + " phase "
                            + g.path("phase").asText() + " round "
                            + g.path("round").asInt() + "/" + g.path("rounds").asInt()
                            + ", piece with " + g.path("holder").asText("-"));
        }
        for (JsonNode p : a.path("deliveries")) {
            JsonNode del = p.path("delivery");
            spec.commandLine()
                    .getOut()
                    .println("  " + p.path("pane").asText() + " ("
                            + del.path("profile").asText() + ") "
                            + del.path("state").asText() + " since "
                            + del.path("since").asText() + ": "
                            + pending(del.path("pending"), del.path("note").asText("")));
        }
        for (var journal : a.path("degraded").properties()) {
            spec.commandLine()
                    .getOut()
                    .println("journal " + journal.getKey() + " degraded: "
                            + journal.getValue().asText() + " (turns wait in the spool until it can be written)");
        }
        for (JsonNode id : a.path("interrupted")) {
            spec.commandLine()
                    .getOut()
                    .println(id.asText() + " interrupted (a daemon stopped before it closed and it could not"
                            + " resume; gather transcript " + id.asText() + ")");
        }
        for (JsonNode id : a.path("resumed")) {
            spec.commandLine()
                    .getOut()
                    .println(id.asText() + " resumed (a daemon stopped before it closed; this one took it up)");
        }
        return 0;
    }

    /** "1 delivered, 2 queued; waiting: dialog open" from a pending list and the mailbox's note. */
    static String pending(JsonNode list, String note) {
        java.util.Map<String, Integer> counts = new java.util.TreeMap<>();
        list.forEach(p -> counts.merge(p.path("state").asText(), 1, Integer::sum));
        java.util.List<String> parts = new java.util.ArrayList<>();
        counts.forEach((state, n) -> parts.add(n + " " + state));
        String head = parts.isEmpty() ? "nothing pending" : String.join(", ", parts);
        return note.isBlank() ? head : head + "; " + note;
    }
}
