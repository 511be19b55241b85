package dev.gather.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.client.DaemonClient;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "links", resourceBundle = "dev.gather.cli.help.links", mixinStandardHelpOptions = true)
final class LinksCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        DaemonClient client = Invocation.of(spec).client().get();
        JsonNode answer = client.call(client.request("links"));
        if (answer.path("links").isEmpty()) {
            spec.commandLine().getOut().println("no open links");
        }
        for (JsonNode l : answer.path("links")) {
            spec.commandLine().getOut().println(describe(l));
        }
        return 0;
    }

    static String describe(JsonNode l) {
        StringBuilder s = new StringBuilder(
                l.path("id").asText() + " (" + l.path("rhythm").asText() + ", "
                        + l.path("turns_used").asInt()
                        + (l.has("turn_budget") ? "/" + l.path("turn_budget").asInt() : "")
                        + " turns)");
        if (l.has("degraded")) {
            s.append(" degraded: ").append(l.path("degraded").asText());
        }
        for (JsonNode m : l.path("members")) {
            s.append("\n  ")
                    .append(m.path("number").asInt())
                    .append(". ")
                    .append(m.path("name").asText())
                    .append(" [")
                    .append(m.path("role").asText())
                    .append("] ")
                    .append(m.path("pane").asText("-"));
        }
        return s.toString();
    }
}
