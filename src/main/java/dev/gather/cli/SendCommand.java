package dev.gather.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.client.DaemonClient;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "send", resourceBundle = "dev.gather.cli.help.send", mixinStandardHelpOptions = true)
final class SendCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    PaneOption pane = new PaneOption();

    @Option(names = "--to")
    String to;

    @Option(names = "--direct")
    boolean direct;

    @Option(names = "--close")
    boolean close;

    @Option(names = "--screen")
    boolean screen;

    @Option(names = "--no-reply")
    boolean noReply;

    @Option(names = "--as")
    String as;

    @Parameters(arity = "0..*", descriptionKey = "words")
    List<String> words;

    @Override
    public Integer call() throws Exception {
        DaemonClient client = pane.client(Invocation.of(spec).client().get());
        ObjectNode r = client.request("send");
        if (close) {
            r.put("close_link", true);
        } else {
            if (to == null || words == null || words.isEmpty()) {
                spec.commandLine().getErr().println("gather send: give --to and a message (or --close)");
                return 2;
            }
            r.put("to", to)
                    .put("message", String.join(" ", words))
                    .put("direct", direct)
                    .put("screen", screen);
            if (noReply) {
                r.put("expect_reply", false);
            }
            if (as != null) {
                r.put("as", as);
            }
        }
        JsonNode answer = client.call(r);
        if (answer.has("left")) {
            spec.commandLine()
                    .getOut()
                    .println("left gathering " + answer.get("left").asText());
            return 0;
        }
        if (answer.has("closed")) {
            spec.commandLine().getOut().println("closed " + answer.get("closed").asText());
        }
        if (answer.has("link")) {
            spec.commandLine()
                    .getOut()
                    .println("linked " + answer.path("link").path("id").asText());
        }
        for (JsonNode d : answer.path("delivered")) {
            spec.commandLine()
                    .getOut()
                    .println(d.path("to").asText() + ": " + d.path("state").asText()
                            + (d.has("reason") ? " (" + d.path("reason").asText() + ")" : ""));
        }
        if (answer.has("reply")) {
            spec.commandLine().getOut().println("reply: " + answer.path("reply").asText());
        }
        if (answer.hasNonNull("transcript")) {
            spec.commandLine()
                    .getErr()
                    .println("gather send: sent, but "
                            + answer.path("transcript").asText());
        }
        return 0;
    }
}
