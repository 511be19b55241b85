package dev.gather.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.client.DaemonClient;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "start", resourceBundle = "dev.gather.cli.help.start", mixinStandardHelpOptions = true)
final class StartCommand implements Callable<Integer> {
    @CommandLine.Mixin
    PaneOption pane = new PaneOption();

    @Parameters(index = "0", descriptionKey = "rhythm")
    String rhythm;

    @Option(names = {"-p", "--participant"})
    List<String> participants;

    @CommandLine.Mixin
    RhythmOverrides overrides = new RhythmOverrides();

    @Option(names = "--keep")
    boolean keep;

    @Option(names = "--cwd")
    Path cwd;

    @Override
    public Integer call() throws Exception {
        DaemonClient client = pane.client();
        ObjectNode r = client.request("start_gathering").put("rhythm", rhythm);
        r.put(
                "cwd",
                (cwd != null ? cwd : Path.of(System.getProperty("user.dir")))
                        .toAbsolutePath()
                        .normalize()
                        .toString());
        if (participants != null) {
            ArrayNode a = r.putArray("participants");
            for (String p : participants) {
                String[] f = p.split(":", 3);
                ObjectNode o = a.addObject().put("name", f[0]);
                if (f.length > 1) {
                    o.put("role", f[1]);
                }
                if (f.length > 2) {
                    o.put("agent", f[2]);
                }
            }
        }
        overrides.into(r);
        if (keep) {
            r.put("keep", true);
        }
        JsonNode a = client.call(r);
        System.out.println("started " + a.path("gathering_id").asText() + " ("
                + a.path("rhythm").asText() + ")");
        for (JsonNode m : a.path("members")) {
            System.out.println(
                    "  " + m.path("number").asInt() + ". " + m.path("name").asText() + " ["
                            + m.path("role").asText() + "] " + m.path("pane").asText("-"));
        }
        System.out.println("watch it: gather watch " + a.path("gathering_id").asText());
        return 0;
    }
}
