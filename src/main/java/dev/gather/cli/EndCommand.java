package dev.gather.cli;

import dev.gather.daemon.DaemonClient;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(
        name = "end",
        mixinStandardHelpOptions = true,
        description = {"End a gathering now, for everyone.", "", "Example:  gather end g-20261122-101500-1"})
final class EndCommand implements Callable<Integer> {
    @Parameters(index = "0", description = "Gathering id.")
    String gathering;

    @Override
    public Integer call() throws Exception {
        DaemonClient client = DaemonClient.fromEnvironment();
        client.call(client.request("end_gathering").put("gathering", gathering));
        System.out.println("ended " + gathering);
        return 0;
    }
}
