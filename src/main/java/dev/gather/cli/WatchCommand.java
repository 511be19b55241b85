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

@Command(name = "watch", resourceBundle = "dev.gather.cli.help.watch", mixinStandardHelpOptions = true)
final class WatchCommand implements Callable<Integer> {
    @Parameters(arity = "0..1", descriptionKey = "id")
    String id;

    @Option(names = "--as")
    String as;

    @Option(names = "--minutes", defaultValue = "120")
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
