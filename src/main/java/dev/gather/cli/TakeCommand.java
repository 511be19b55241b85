package dev.gather.cli;

import dev.gather.client.DaemonClient;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
        name = "take",
        mixinStandardHelpOptions = true,
        description = {
            "Take the talking piece from a stuck holder and give it on.",
            "The human member (--as its name) or the gathering's starter may, or the user",
            "as operator (--operator); the piece goes to a name, a number or the next speaker.",
            "Journalled with who did it.",
            "",
            "Example:  gather take g-20261122-101500-1 --to Bo"
        })
final class TakeCommand implements Callable<Integer> {
    @Mixin
    GatheringId gathering = new GatheringId();

    @Option(names = "--to", description = "Who gets the piece (default: the next speaker).")
    String to;

    @Mixin
    HumanMember as = new HumanMember();

    @Mixin
    OperatorOption operator = new OperatorOption();

    @Override
    public Integer call() throws Exception {
        DaemonClient client = DaemonClient.fromEnvironment();
        var r = client.request("take").put("gathering", gathering.id);
        if (to != null) {
            r.put("to", to);
        }
        as.into(r);
        if (operator.given) {
            r.put("operator", true);
        }
        var a = client.call(r);
        System.out.println("the piece is with "
                + a.path("holder").asText("nobody (" + a.path("state").asText() + ")"));
        return 0;
    }
}
