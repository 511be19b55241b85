package dev.gather.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.client.DaemonClient;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "say", resourceBundle = "dev.gather.cli.help.say", mixinStandardHelpOptions = true)
final class SayCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    PaneOption pane = new PaneOption();

    @CommandLine.Mixin
    GatheringId gathering = new GatheringId();

    @Parameters(index = "1..*", arity = "1..*", descriptionKey = "words")
    List<String> words;

    @Override
    public Integer call() throws Exception {
        DaemonClient client = pane.client(Invocation.of(spec).client().get());
        ObjectNode r = client.request("say").put("gathering", gathering.id).put("text", String.join(" ", words));
        JsonNode a = client.call(r);
        if (a.path("relayed").asBoolean()) {
            spec.commandLine().getOut().println("said");
            return 0;
        }
        // kept in the journal, heard by no one: a script must not take that for said
        spec.commandLine()
                .getErr()
                .println("gather: kept in the journal, not relayed: you do not hold the piece of " + gathering.id
                        + " (wait for it, or ask the holder to pass it to you)");
        return 1;
    }
}
