package dev.gather.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.client.DaemonClient;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gather events}: the journal as an event stream, for programs (--json) and people. */
@Command(name = "events", resourceBundle = "dev.gather.cli.help.events")
final class EventsCommand implements Callable<Integer> {
    static final class Scope {
        @Option(names = "--link")
        String link;

        @Option(names = "--gathering")
        String gathering;
    }

    @ArgGroup(exclusive = true)
    Scope scope;

    @Option(names = "--after", defaultValue = "0")
    long after;

    @Option(names = "--follow")
    boolean follow;

    @Option(names = "--json")
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
