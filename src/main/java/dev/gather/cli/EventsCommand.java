package dev.gather.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.client.DaemonClient;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gather events}: the journal as an event stream, for programs (--json) and people. */
@Command(
        name = "events",
        description = {
            "Print every journal event (relays, deliveries and their states, piece moves, beats, phases, joins,"
                    + " leaves, closes) of one link or gathering, or of all, in journal order.",
            "Each event carries its journal and its number n there: --after n resumes after it. --follow keeps"
                    + " printing new events until Ctrl-C.",
            "",
            "Example:  gather events --gathering g-20261122-101500-1 --follow --json",
        })
final class EventsCommand implements Callable<Integer> {
    static final class Scope {
        @Option(names = "--link", description = "Only this link's journal.")
        String link;

        @Option(names = "--gathering", description = "Only this gathering's journal.")
        String gathering;
    }

    @ArgGroup(exclusive = true)
    Scope scope;

    @Option(names = "--after", defaultValue = "0", description = "Start after entry n (needs --link or --gathering).")
    long after;

    @Option(names = "--follow", description = "Keep printing events as they are written.")
    boolean follow;

    @Option(names = "--json", description = "One JSON object per line (the daemon's event as is).")
    boolean json;

    @Override
    public Integer call() throws Exception {
        DaemonClient client = DaemonClient.fromEnvironment();
        ObjectNode r = client.request("events").put("after", after).put("follow", follow);
        if (scope != null && scope.link != null) {
            r.put("link", scope.link);
        }
        if (scope != null && scope.gathering != null) {
            r.put("gathering", scope.gathering);
        }
        client.stream(r, e -> {
            System.out.println(json ? e.toString() : readable(e));
            return !System.out.checkError();
        });
        return 0;
    }

    /** {@code g-1 #12 relay Ada: words…} */
    static String readable(JsonNode e) {
        String who = e.path("from").asText(e.path("member").asText(e.path("to").asText("")));
        String text = e.path("text").asText(e.path("state").asText(""));
        int nl = text.indexOf('\n');
        return e.path("journal").asText() + " #" + e.path("n").asLong() + " "
                + e.path("event").asText() + (who.isEmpty() ? "" : " " + who)
                + (text.isEmpty() ? "" : ": " + (nl < 0 ? text : text.substring(0, nl) + " …"));
    }
}
