package dev.gather.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.client.DaemonClient;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "start",
        mixinStandardHelpOptions = true,
        description = {
            "Start a gathering of agents (and optionally you) with a talking piece.",
            "One tmux session per participant, linked, seeded, with the rhythm's ceremony.",
            "Participants are name:role:agent (role speaker|harvester|human, or one of the rhythm's parts to cast",
            "a speaker into it by name; agent a kind or a command line).",
            "",
            "Example:  gather start standard -p Ada:speaker:claude -p Bo:speaker:codex -p Hal:harvester:sim -p Me:human",
            "          gather start review-circle -p Ada:skeptic:claude -p Bo:author:codex -p Hal:harvester:sim",
        })
final class StartCommand implements Callable<Integer> {
    @picocli.CommandLine.Mixin
    PaneOption pane = new PaneOption();

    @Parameters(index = "0", description = "Rhythm name (gather rhythms lists them).")
    String rhythm;

    @Option(
            names = {"-p", "--participant"},
            description = "name[:role[:agent]]; repeat. Default: the rhythm's roles with simulated agents.")
    List<String> participants;

    @picocli.CommandLine.Mixin
    RhythmOverrides overrides = new RhythmOverrides();

    @Option(names = "--keep", description = "Leave the agents gather spawned running after the gathering closes.")
    boolean keep;

    @Option(
            names = "--cwd",
            description = "Folder the spawned members start in (default: this one, which you already trust).")
    java.nio.file.Path cwd;

    @Override
    public Integer call() throws Exception {
        DaemonClient client = pane.client();
        ObjectNode r = client.request("start_gathering").put("rhythm", rhythm);
        r.put(
                "cwd",
                (cwd != null ? cwd : java.nio.file.Path.of(System.getProperty("user.dir")))
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
