package dev.gather.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.client.DaemonClient;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "join", resourceBundle = "dev.gather.cli.help.join", mixinStandardHelpOptions = true)
final class JoinCommand implements Callable<Integer> {
    @CommandLine.Mixin
    GatheringId gathering = new GatheringId();

    @Option(names = "--name", required = true)
    String name;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Who who;

    /** Where the member is: a pane that exists, or an agent gather starts. */
    static final class Who {
        @Option(names = "--pane")
        String pane;

        @Option(names = "--agent")
        String agent;
    }

    @Override
    public Integer call() throws Exception {
        DaemonClient client = DaemonClient.fromEnvironment();
        var r = client.request("join").put("gathering", gathering.id).put("name", name);
        if (who.pane != null) {
            r.put("pane", who.pane);
        } else {
            r.put("agent", who.agent)
                    .put("cwd", Path.of(System.getProperty("user.dir")).toString());
        }
        JsonNode a = client.call(r);
        JsonNode m = a.path("member");
        System.out.println(m.path("name").asText() + " (" + m.path("number").asInt() + ") joined "
                + a.path("gathering_id").asText() + " in pane " + m.path("pane").asText()
                + "; it speaks from the next round");
        return 0;
    }
}
