package dev.gather.cli;

import dev.gather.client.DaemonClient;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "end", resourceBundle = "dev.gather.cli.help.end", mixinStandardHelpOptions = true)
final class EndCommand implements Callable<Integer> {
    @CommandLine.Mixin
    PaneOption pane = new PaneOption();

    @CommandLine.Mixin
    GatheringId gathering = new GatheringId();

    @Option(names = "--now")
    boolean now;

    @CommandLine.Mixin
    OperatorOption operator = new OperatorOption();

    @Override
    public Integer call() throws Exception {
        DaemonClient client = pane.client();
        var a = client.call(client.request("end_gathering")
                .put("gathering", gathering.id)
                .put("now", now)
                .put("operator", operator.given));
        String state = a.path("state").asText();
        System.out.println(
                state.equals("closed")
                        ? "ended " + gathering.id + " ("
                                + a.path("closed_reason").asText("closed") + ")"
                        : "ending " + gathering.id + ": " + state
                                + " (the harvester is asked; gather end --now skips it)");
        return 0;
    }
}
