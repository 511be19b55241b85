package dev.gather.cli;

import dev.gather.daemon.DaemonClient;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "end",
        mixinStandardHelpOptions = true,
        description = {
            "End a gathering for everyone: the harvester is asked for the harvest (with a time limit), then it closes.",
            "",
            "Example:  gather end g-20261122-101500-1        gather end --now g-20261122-101500-1"
        })
final class EndCommand implements Callable<Integer> {
    @picocli.CommandLine.Mixin
    PaneOption pane = new PaneOption();

    @Parameters(index = "0", description = "Gathering id.")
    String gathering;

    @Option(names = "--now", description = "Close at once, without a harvest.")
    boolean now;

    @Override
    public Integer call() throws Exception {
        DaemonClient client = pane.client();
        var a = client.call(
                client.request("end_gathering").put("gathering", gathering).put("now", now));
        String state = a.path("state").asText();
        System.out.println(
                state.equals("closed")
                        ? "ended " + gathering + " (" + a.path("closed_reason").asText("closed") + ")"
                        : "ending " + gathering + ": " + state
                                + " (the harvester is asked; gather end --now skips it)");
        return 0;
    }
}
