package dev.gather.cli;

import dev.gather.client.DaemonClient;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "pass", resourceBundle = "dev.gather.cli.help.pass", mixinStandardHelpOptions = true)
final class PassCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    PaneOption pane = new PaneOption();

    @Parameters(arity = "0..1", descriptionKey = "to")
    String to;

    @CommandLine.Mixin
    HumanMember as = new HumanMember();

    @Option(names = "--gathering")
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
