package dev.gather.cli;

import dev.gather.daemon.Daemon;
import dev.gather.home.StateDir;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(
        name = "daemon",
        mixinStandardHelpOptions = true,
        description = {
            "Run the gather daemon in the foreground.",
            "Clients start one on their own when none runs.",
            "One daemon per state directory ($GATHER_HOME); a second one exits at once.",
            "",
            "Example:  GATHER_HOME=/tmp/g gather daemon",
        })
final class DaemonCommand implements Callable<Integer> {
    @picocli.CommandLine.Option(names = "--stop", description = "Stop the running daemon (journals stay).")
    boolean stop;

    @Override
    public Integer call() throws Exception {
        StateDir state = StateDir.fromEnvironment();
        if (stop) {
            dev.gather.daemon.DaemonClient client =
                    new dev.gather.daemon.DaemonClient(state, java.util.Optional.empty());
            if (client.running()) {
                client.call(client.request("shutdown"));
                System.out.println("stopped the daemon of " + state.root());
            } else {
                System.out.println("no daemon runs for " + state.root());
            }
            return 0;
        }
        // the daemon hosts the MCP server of every bridged `gather mcp` and runs bridged client commands
        if (!Daemon.run(state, d -> DaemonCli.serveBridges(d, state))) {
            System.err.println("gather: a daemon already runs for " + state.root());
        }
        return 0;
    }
}
