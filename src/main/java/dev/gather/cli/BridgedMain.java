package dev.gather.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The command line the daemon runs a bridged client's command with ({@link DaemonCli}): only the
 * commands a bridge may hand over, under the same name, help words and options as {@link Main}.
 * picocli builds every subcommand of a root by reflection; the whole of Main cost the daemon ~30 ms
 * of each bridged {@code gather status}, these six a few.
 */
@Command(
        name = "gather",
        resourceBundle = "dev.gather.cli.help.gather",
        mixinStandardHelpOptions = true,
        scope = CommandLine.ScopeType.INHERIT,
        versionProvider = Main.Version.class,
        subcommands = {
            SendCommand.class,
            LinksCommand.class,
            StatusCommand.class,
            TranscriptCommand.class,
            SayCommand.class,
            PassCommand.class,
        })
final class BridgedMain implements Runnable, Invocation.Holder {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private final Invocation invocation;

    BridgedMain(Invocation invocation) {
        this.invocation = invocation;
    }

    static CommandLine commandLine(Invocation invocation) {
        return Main.configured(new CommandLine(new BridgedMain(invocation)));
    }

    @Override
    public Invocation invocation() {
        return invocation;
    }

    @Override
    public void run() {
        // never reached: the daemon runs for a bridge only a command it names
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
