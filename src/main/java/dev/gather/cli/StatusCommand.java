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
    @Override
    public Integer call() throws Exception {
        DaemonClient client = DaemonClient.fromEnvironment();
        JsonNode a = client.call(client.request("status"));
        JsonNode d = a.path("daemon");
        System.out.println("daemon pid " + d.path("pid").asLong() + ", up "
                + d.path("uptime_s").asLong() + " s, state "
                + d.path("state_dir").asText());
        for (JsonNode l : a.path("links")) {
            System.out.println(LinksCommand.describe(l));
        }
        for (JsonNode g : a.path("gatherings")) {
            System.out.println(
                    g.path("gathering_id").asText() + " " + g.path("state").asText() + " phase "
                            + g.path("phase").asText() + " round "
                            + g.path("round").asInt() + "/" + g.path("rounds").asInt()
                            + ", piece with " + g.path("holder").asText("-"));
        }
        for (JsonNode id : a.path("interrupted")) {
            System.out.println(id.asText() + " interrupted (a daemon stopped before it closed; gather transcript "
                    + id.asText() + ")");
        }
        return 0;
    }
}
