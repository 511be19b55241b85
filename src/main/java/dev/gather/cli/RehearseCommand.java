package dev.gather.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.gathering.GatheringOptions;
import dev.gather.history.Pulse;
import dev.gather.home.Homes;
import dev.gather.rehearsal.Part;
import dev.gather.rehearsal.Rehearsal;
import dev.gather.rehearsal.Timeline;
import dev.gather.rhythm.Durations;
import dev.gather.rhythm.Listening;
import dev.gather.rhythm.Rhythm;
import dev.gather.rhythm.RhythmLibrary;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "rehearse", resourceBundle = "dev.gather.cli.help.rehearse", mixinStandardHelpOptions = true)
final class RehearseCommand implements Callable<Integer> {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", descriptionKey = "rhythm")
    String rhythm;

    @Option(names = {"-p", "--participant"})
    List<String> participants;

    @CommandLine.Mixin
    RhythmOverrides overrides = new RhythmOverrides();

    @CommandLine.Mixin
    FormatOption format = new FormatOption();

    @Option(names = "--hearing", descriptionKey = "hearing")
    String hearing;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Rhythm loaded = RhythmLibrary.standard().nameOrFile(rhythm);
        if (hearing != null && !hearing.equals("live") && !hearing.equals("digest")) {
            err.println("gather rehearse: --hearing must be live or digest (found '" + hearing + "')");
            err.flush();
            return 2;
        }
        // to compare what each member receives, and when, in either mode
        Rhythm r = hearing == null
                ? loaded
                : loaded.withListening(new Listening(
                        Listening.Mode.valueOf(hearing.toUpperCase(Locale.ROOT)),
                        loaded.listening().harvester()));
        if (!r.talkingPiece()) {
            err.println("gather rehearse: rhythm " + r.name()
                    + " has no talking piece (a direct link); there is no ceremony to rehearse");
            err.flush();
            return 2;
        }
        List<Part> parts = participants == null || participants.isEmpty()
                ? Part.defaults(r.roles())
                : participants.stream().map(Part::parse).toList();
        GatheringOptions options = overrides.options();
        String q = options.question().orElse(r.openingQuestion());
        Homes homes = Homes.fromEnvironment();
        // the pulse a real gathering of this rhythm would get now, from the user's own history
        Timeline t = Rehearsal.run(r, parts, options, () -> Pulse.of(Pulse.keywords(r.name(), q), homes, "rehearsal"));
        if (format.json()) {
            ObjectNode o = JSON.createObjectNode()
                    .put("rhythm", r.name())
                    .put("finished", t.finished())
                    .put("virtual_ms", t.took().toMillis());
            t.entries().forEach(o.putArray("timeline")::add);
            t.flags().forEach(o.putArray("flags")::add);
            out.println(o);
        } else {
            print(out, r, parts, t);
        }
        out.flush();
        return t.flags().isEmpty() ? 0 : 1;
    }

    private static void print(PrintWriter out, Rhythm r, List<Part> parts, Timeline t) {
        out.println("rehearsal of " + r.name() + " in virtual time (nothing is typed anywhere):");
        for (int i = 0; i < parts.size(); i++) {
            Part p = parts.get(i);
            out.println("  " + (i + 1) + ". " + p.name() + " ["
                    + p.role().name().toLowerCase(Locale.ROOT) + "] " + p.means());
        }
        for (ObjectNode e : t.entries()) {
            String at = clock(e.path("at_ms").asLong());
            if (e.path("kind").asText().equals("private")) {
                out.println(at + "    (private to " + e.path("to").asText() + ", "
                        + e.path("prompt").asText() + ") "
                        + e.path("text").asText().strip().replace("\n", "\n" + " ".repeat(at.length() + 5)));
            } else {
                Live.line(e, to -> true).ifPresent(l -> out.println(stamp(at, l)));
            }
            if (e.has("held")) {
                List<String> held = new ArrayList<>();
                e.path("held").forEach(n -> held.add(n.asText()));
                out.println(" ".repeat(at.length() + 4) + "(not typed now to " + String.join(", ", held)
                        + ": they hear it with their own next prompt)");
            }
        }
        out.println();
        out.println((t.finished() ? "finished" : "did not finish") + " after " + Durations.format(t.took())
                + " of virtual time");
        t.flags().forEach(f -> out.println("flag: " + f));
    }

    /** Puts the time in front of the line's first non-blank row. */
    private static String stamp(String at, String line) {
        String body = line.startsWith("\n") ? line.substring(1) : line;
        return (line.startsWith("\n") ? "\n" : "") + at + " " + body;
    }

    private static String clock(long ms) {
        long s = ms / 1000;
        return String.format(Locale.ROOT, "[%02d:%02d:%02d]", s / 3600, s / 60 % 60, s % 60);
    }
}
