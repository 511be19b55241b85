package dev.gather.cli;

import java.util.Arrays;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The `gather` command line: one subcommand per user-facing action, under the root every gather
 * command line shares ({@link GatherRoot}: its name, help words, {@code --help} and {@code --version}).
 *
 * <p>The classes hold names, types, defaults and arity; the words of the help live in
 * src/main/resources/dev/gather/cli/help/, one file per command ({@code gather remote pair}:
 * remote-pair.properties), named by {@code @Command(resourceBundle = "dev.gather.cli.help.NAME")}.
 * There {@code usage.description.N} is the description's Nth line, an option's key is its long name
 * without dashes (picocli's own lookup), a positional parameter's key is its {@code descriptionKey}.
 * gather.properties also holds the words of the mixins' options, which every command falls back to.
 */
@Command(
        subcommands = {
            CommandLine.HelpCommand.class,
            SimCommand.class,
            DaemonCommand.class,
            SendCommand.class,
            LinksCommand.class,
            StatusCommand.class,
            TranscriptCommand.class,
            LintCommand.class,
            DiagramCommand.class,
            McpCommand.class,
            WatchCommand.class,
            SayCommand.class,
            StartCommand.class,
            EndCommand.class,
            PassCommand.class,
            TakeCommand.class,
            JoinCommand.class,
            CleanCommand.class,
            DemoCommand.class,
            HookCommand.class,
            InstallCommand.class,
            RhythmsCommand.class,
            RehearseCommand.class,
            EventsCommand.class,
            WebCommand.class,
            CompletionCommand.class,
            DoctorCommand.class,
            UninstallCommand.class,
            PluginsCommand.class,
            RemoteCommand.class,
        })
public final class Main extends GatherRoot {
    Main() {
        this(Invocation.fromEnvironment());
    }

    Main(Invocation invocation) {
        super(invocation);
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the CLI and returns its exit code; never lets a stack trace reach the user. */
    public static int run(String... args) {
        return forArgs(args).execute(args);
    }

    /**
     * The command line {@code args} need: the command they name alone under gather's root, or the whole
     * of gather for help, completion, the root's own options and a name it does not know. picocli builds
     * every subcommand it is given by reflection, with its help words: the whole tree cost every sim and
     * every command ~0.7 s of CPU before it began.
     */
    static CommandLine forArgs(String... args) {
        Invocation invocation = Invocation.fromEnvironment();
        return (args.length == 0 ? Optional.<Class<?>>empty() : alone(args[0]))
                .map(command -> configured(new CommandLine(new Alone(invocation)).addSubcommand(command)))
                .orElseGet(() -> commandLine(new Main(invocation)));
    }

    /** The class of the subcommand called {@code name}, where it can run without its siblings. */
    private static Optional<Class<?>> alone(String name) {
        return Arrays.stream(Main.class.getAnnotation(Command.class).subcommands())
                .filter(c -> c != CommandLine.HelpCommand.class && c != CompletionCommand.class)
                .filter(c -> c.getAnnotation(Command.class).name().equals(name))
                .findFirst();
    }

    static CommandLine commandLine() {
        return commandLine(new Main());
    }

    static CommandLine commandLine(Main main) {
        return configured(new CommandLine(main));
    }

    /** gather's root (its name, help words and options) with no subcommand of its own. */
    private static final class Alone extends GatherRoot {
        Alone(Invocation invocation) {
            super(invocation);
        }
    }
}
