package dev.gather.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The command line the daemon runs a bridged client's command with ({@link DaemonCli}): only the
 * commands a bridge may hand over, under the same root as {@link Main} ({@link GatherRoot}: name,
 * help words, options). picocli builds every subcommand of a root by reflection; the whole of Main
 * cost the daemon ~30 ms of each bridged {@code gather status}, these six a few.
 */
@Command(
        subcommands = {
            SendCommand.class,
            LinksCommand.class,
            StatusCommand.class,
            TranscriptCommand.class,
            SayCommand.class,
            PassCommand.class,
        })
final class BridgedMain extends GatherRoot {
    BridgedMain(Invocation invocation) {
        super(invocation);
    }

    static CommandLine commandLine(Invocation invocation) {
        return configured(new CommandLine(new BridgedMain(invocation)));
    }
}
