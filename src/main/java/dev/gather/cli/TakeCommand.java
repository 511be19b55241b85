package dev.gather.cli;

import dev.gather.daemon.DaemonClient;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "take",
        mixinStandardHelpOptions = true,
        description = {
            "Take the talking piece from a stuck holder and give it on.",
            "The human member or the gathering's starter may; the piece goes to a name,",
            "a number or the next speaker.",
            "Journalled with who did it.",
            "",
            "Example:  gather take g-20261122-101500-1 --to Bo"
        })
final class TakeCommand implements Callable<Integer> {
    @Parameters(index = "0", description = "Gathering id.")
    String gathering;

    @Option(names = "--to", description = "Who gets the piece (default: the next speaker).")
    String to;

    @Override
    public Integer call() throws Exception {
        DaemonClient client = DaemonClient.fromEnvironment();
        var r = client.request("take").put("gathering", gathering);
        if (to != null) {
            r.put("to", to);
        }
        var a = client.call(r);
        System.out.println("the piece is with "
                + a.path("holder").asText("nobody (" + a.path("state").asText() + ")"));
        return 0;
    }
}
