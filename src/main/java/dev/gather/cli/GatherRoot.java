package dev.gather.cli;

import dev.gather.about.Build;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * What the root of every gather command line is, whatever commands it holds: named gather, with the
 * help words of help/gather.properties, {@code --help} and {@code --version} on every command, and
 * the invocation its commands run for. {@link Main} holds every command; {@link BridgedMain} those
 * the daemon runs for a bridge. picocli reads these attributes from here for both.
 */
@Command(
        name = "gather",
        resourceBundle = "dev.gather.cli.help.gather",
        mixinStandardHelpOptions = true,
        // as wide as the terminal (80 columns when it cannot tell), never a fixed width on a wide one
        usageHelpAutoWidth = true,
        // every subcommand answers --help and --version, not only the ones that ask for it
        scope = CommandLine.ScopeType.INHERIT,
        versionProvider = GatherRoot.Version.class)
abstract class GatherRoot implements Runnable, Invocation.Holder {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Whom the commands run for: this process, unless the daemon runs them for a bridged client. */
    private final Invocation invocation;

    GatherRoot(Invocation invocation) {
        this.invocation = invocation;
    }

    /** How every gather command line handles errors and lays out its help. */
    static CommandLine configured(CommandLine cli) {
        cli.setExecutionExceptionHandler(new UserErrors());
        cli.setUsageHelpAutoWidth(true);
        return CommandGroups.apply(cli);
    }

    @Override
    public Invocation invocation() {
        return invocation;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {Build.line()};
        }
    }
}
