package dev.gather.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gather.home.StateDir;
import dev.gather.journal.Journals;
import dev.gather.journal.Transcript;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

@Command(name = "transcript", resourceBundle = "dev.gather.cli.help.transcript", mixinStandardHelpOptions = true)
final class TranscriptCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "0..1", descriptionKey = "id")
    String id;

    @Mixin
    FormatOption format = new FormatOption();

    @Override
    public Integer call() throws Exception {
        StateDir state = Invocation.of(spec).state();
        Journals journals = new Journals(state.journals(), Clock.systemUTC());
        String which = journals.choose(id);
        Path file = journals.file(which);
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> entries = Transcript.read(file);
        if (format.json()) {
            for (JsonNode e : entries) {
                spec.commandLine().getOut().println(json.writeValueAsString(e));
            }
        } else {
            Transcript.readable(entries).forEach(spec.commandLine().getOut()::println);
        }
        Path harvest = state.journals().resolve(which + ".harvest.md");
        if (!format.json() && Files.exists(harvest)) {
            spec.commandLine().getOut().println("\n--- harvest ---\n" + Files.readString(harvest));
        }
        return 0;
    }
}
