package dev.gather.cli;

import dev.gather.home.StateDir;
import dev.gather.journal.JournalTail;
import dev.gather.journal.Journals;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "watch",
        mixinStandardHelpOptions = true,
        description = {
            "Follow a gathering or link live in this terminal.",
            "Shows phases, turns, relayed words and the harvest.",
            "Private prompts are shown only for --as <name> (a human member sees their own beats).",
            "",
            "Example:  gather watch g-20261122-101500-1 --as Human",
        })
final class WatchCommand implements Callable<Integer> {
    @Parameters(arity = "0..1", description = "Gathering or link id (default: the most recent).")
    String id;

    @Option(names = "--as", description = "Show private prompts addressed to this member.")
    String as;

    @Option(names = "--minutes", defaultValue = "120", description = "Stop after this long (default ${DEFAULT-VALUE}).")
    long minutes;

    @Override
    public Integer call() throws Exception {
        StateDir state = StateDir.fromEnvironment();
        Journals journals = new Journals(state.journals(), Clock.systemUTC());
        String which = journals.choose(id);
        System.out.println("watching " + which + " (Ctrl-C to stop)");
        new JournalTail(journals.file(which))
                .follow(
                        e -> {
                            Live.line(e, to -> to.equals(as)).ifPresent(System.out::println);
                            return !e.path("kind").asText().equals("close");
                        },
                        Duration.ofMinutes(minutes));
        return 0;
    }
}
