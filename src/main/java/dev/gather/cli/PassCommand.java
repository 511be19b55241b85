package dev.gather.cli;

import dev.gather.daemon.DaemonClient;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(
        name = "pass",
        mixinStandardHelpOptions = true,
        description = {
            "Pass the talking piece (you must hold it), to a name or number or the next speaker.",
            "",
            "Example:  gather pass Ada"
        })
final class PassCommand implements Callable<Integer> {
    @Parameters(arity = "0..1", description = "Who gets the piece (default: the next speaker).")
    String to;

    @picocli.CommandLine.Option(
            names = "--gathering",
            description = "Outside a member's pane: pass as this gathering's human member (default: the one running).")
    String gathering;

    @Override
    public Integer call() throws Exception {
        DaemonClient client = DaemonClient.fromEnvironment();
        var r = client.request("pass");
        if (to != null) {
            r.put("to", to);
        }
        if (gathering != null) {
            r.put("gathering", gathering);
        }
        System.out.println("the piece is with " + client.call(r).path("holder").asText());
        return 0;
    }
}
