package dev.gather.cli;

import dev.gather.client.DaemonClient;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "take", resourceBundle = "dev.gather.cli.help.take", mixinStandardHelpOptions = true)
final class TakeCommand implements Callable<Integer> {
    @Mixin
    GatheringId gathering = new GatheringId();

    @Option(names = "--to")
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
