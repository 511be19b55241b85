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
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "transcript",
        mixinStandardHelpOptions = true,
        description = {
            "Print the journal of a link or gathering.",
            "Default: the most recent. Reads the files directly, so it works with no daemon running.",
            "",
            "Example:  gather transcript --format json link-1",
        })
final class TranscriptCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "0..1", description = "Link or gathering id.")
    String id;

    @Option(names = "--format", defaultValue = "text", description = "text or json (one object per line).")
    String format;

    @Override
    public Integer call() throws Exception {
        StateDir state = Invocation.of(spec).state();
        Journals journals = new Journals(state.journals(), Clock.systemUTC());
        String which = journals.choose(id);
        Path file = journals.file(which);
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> entries = Transcript.read(file);
        if (format.equals("json")) {
            for (JsonNode e : entries) {
                spec.commandLine().getOut().println(json.writeValueAsString(e));
            }
        } else {
            Transcript.readable(entries).forEach(spec.commandLine().getOut()::println);
        }
        Path harvest = state.journals().resolve(which + ".harvest.md");
        if (!format.equals("json") && Files.exists(harvest)) {
            spec.commandLine().getOut().println("\n--- harvest ---\n" + Files.readString(harvest));
        }
        return 0;
    }
}
