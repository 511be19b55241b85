package dev.gather.cli;

import dev.gather.client.DaemonClient;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "pass",
        mixinStandardHelpOptions = true,
        description = {
            "Pass the talking piece (you must hold it), to a name or number or the next speaker.",
            "From an agent's pane it passes for that agent; from any other terminal for the human member.",
            "",
            "Example:  gather pass Ada",
            "Example:  gather pass --as Me --gathering g-20261122-101500-1 Bo"
        })
final class PassCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @picocli.CommandLine.Mixin
    PaneOption pane = new PaneOption();

    @Parameters(arity = "0..1", description = "Who gets the piece (default: the next speaker).")
    String to;

    @picocli.CommandLine.Mixin
    HumanMember as = new HumanMember();

    @Option(names = "--gathering", description = "Gathering id (default: the only running one).")
    String gathering;

    @Override
    public Integer call() throws Exception {
        DaemonClient client = pane.client(Invocation.of(spec).client().get());
        var r = client.request("pass");
        if (to != null) {
            r.put("to", to);
        }
        as.into(r);
        if (gathering != null) {
            r.put("gathering", gathering);
        }
        spec.commandLine()
                .getOut()
                .println("the piece is with " + client.call(r).path("holder").asText());
        return 0;
    }
}
