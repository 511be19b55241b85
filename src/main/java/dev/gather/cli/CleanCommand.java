package dev.gather.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.client.DaemonClient;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "clean", resourceBundle = "dev.gather.cli.help.clean", mixinStandardHelpOptions = true)
final class CleanCommand implements Callable<Integer> {
    @Option(names = "--dry-run")
    boolean dryRun;

    @Override
    public Integer call() throws Exception {
        DaemonClient client = DaemonClient.fromEnvironment();
        JsonNode a = client.call(client.request("clean").put("dry_run", dryRun));
        JsonNode list = a.path(dryRun ? "left_behind" : "ended");
        if (list.isEmpty()) {
            System.out.println("nothing left behind");
        }
        for (JsonNode p : list) {
            System.out.println((dryRun ? "left behind: " : "ended: ")
                    + p.path("session").asText() + " (" + p.path("pane").asText() + ", gathering "
                    + p.path("gathering").asText() + ")");
        }
        return 0;
    }
}
