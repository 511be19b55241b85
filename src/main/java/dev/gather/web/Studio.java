package dev.gather.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.gathering.GatheringOptions;
import dev.gather.rehearsal.Budget;
import dev.gather.rehearsal.Part;
import dev.gather.rehearsal.Rehearsal;
import dev.gather.rehearsal.Timeline;
import dev.gather.rhythm.Rhythm;
import dev.gather.rhythm.RhythmDiagram;
import dev.gather.rhythm.RhythmError;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.rhythm.RhythmLint;
import dev.gather.rhythm.RhythmLoader;
import dev.gather.server.UserError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The rhythms page's editor: a rhythm's YAML to start from, the checks of {@code gather lint} and the
 * rehearsal of {@code gather rehearse} on unsaved text, and saving to {@code $GATHER_HOME/rhythms}.
 */
final class Studio {
    /** The library's own rule for a user rhythm's name: a file name that cannot leave the folder. */
    private static final String NAME = "[a-z][a-z0-9-]{0,39}";

    private final RhythmLibrary library;
    /** The budget of one rehearsal, made on the thread that runs it (its CPU time is that thread's). */
    private final Supplier<Budget> budget;
    /** One rehearsal at a time: on a two-core laptop two would take the CPU the daemon needs. */
    private final Semaphore rehearsing = new Semaphore(1);

    Studio(RhythmLibrary library) {
        this(library, () -> Budget.cpu(Budget.CPU));
    }

    Studio(RhythmLibrary library, Supplier<Budget> budget) {
        this.library = library;
        this.budget = budget;
    }

    /** The YAML of rhythm {@code name}: the user's own file (editable) or the shipped text (to copy). */
    ObjectNode source(String name) throws IOException {
        Path own = ownFile(name);
        ObjectNode o = Http.JSON.createObjectNode().put("name", name);
        if (Files.isRegularFile(own)) {
            return o.put("text", Files.readString(own, StandardCharsets.UTF_8))
                    .put("yours", true)
                    .put("file", own.toString());
        }
        String shipped = RhythmLibrary.shippedText(name)
                .orElseThrow(() -> new UserError("no rhythm called '" + name + "' to open"));
        return o.put("text", shipped).put("yours", false);
    }

    /** Every error of the unsaved text as gather lint reports it; the diagram when there is none. */
    ObjectNode lint(JsonNode body) {
        String name = body.path("name").asText("");
        String text = body.path("text").asText("");
        List<RhythmError> errors = RhythmLint.checkText(shownAs(name), text);
        ObjectNode o = Http.JSON.createObjectNode().put("ok", true).put("clean", errors.isEmpty());
        ArrayNode list = o.putArray("errors");
        for (RhythmError e : errors) {
            list.addObject()
                    .put("line", e.line())
                    .put("column", e.column())
                    .put("rule", e.rule())
                    .put("message", e.message())
                    .put("text", e.toString());
        }
        if (errors.isEmpty()) {
            o.put("diagram", RhythmDiagram.mermaid(RhythmLoader.parse(shownAs(name), text)));
        }
        return o;
    }

    /** The unsaved rhythm rehearsed in virtual time with its fewest members, as {@code gather rehearse} does. */
    ObjectNode rehearse(JsonNode body) {
        String name = body.path("name").asText("");
        Rhythm r = loaded(shownAs(name), body.path("text").asText(""), "rehearsed");
        if (!r.talkingPiece()) {
            throw new UserError("rhythm " + r.name() + " has no talking piece (a direct link): nothing to rehearse");
        }
        if (!rehearsing.tryAcquire()) {
            throw new UserError("another rehearsal is running in this web view; try again when it has ended (one"
                    + " stops after " + Budget.CPU.toSeconds() + " s of CPU time at most)");
        }
        Timeline t;
        try {
            // no pulse from the user's history: the page rehearses the rhythm itself, the same for everyone
            t = Rehearsal.run(r, Part.defaults(r.roles()), GatheringOptions.NONE, () -> "", budget.get());
        } catch (RuntimeException e) {
            // the answer says what stopped it, never a bare HTTP 500
            throw new UserError("rhythm " + r.name() + " cannot be rehearsed: " + e.getMessage());
        } finally {
            rehearsing.release();
        }
        ObjectNode o = Http.JSON
                .createObjectNode()
                .put("ok", true)
                .put("finished", t.finished())
                .put("virtual_ms", t.took().toMillis());
        t.entries().forEach(o.putArray("timeline")::add);
        t.flags().forEach(o.putArray("flags")::add);
        return o;
    }

    /** Writes the text to {@code <folder>/<name>.yaml}, only when it lints clean and names itself {@code name}. */
    ObjectNode save(JsonNode body) throws IOException {
        String name = body.path("name").asText("").strip();
        if (!name.matches(NAME)) {
            throw new UserError("name: a rhythm's name is a lowercase letter, then up to 39 lowercase letters,"
                    + " digits or '-' (found '" + name + "')");
        }
        Path file = ownFile(name);
        String text = body.path("text").asText("");
        Rhythm r = loaded(file.toString(), text, "saved");
        if (!r.name().equals(name)) {
            throw new UserError("name: the rhythm calls itself '" + r.name() + "' (its name: line); save it as '"
                    + r.name() + "' or change that line to '" + name + "'");
        }
        Path dir = Files.createDirectories(file.getParent());
        // whole or not at all: the daemon may read the file while it is written
        Path tmp = Files.createTempFile(dir, "." + name, ".tmp");
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
        return Http.JSON.createObjectNode().put("ok", true).put("name", name).put("file", file.toString());
    }

    private Path ownFile(String name) {
        if (!name.matches(NAME)) {
            throw new UserError("no rhythm called '" + name + "'");
        }
        Path dir = library.ownFolder()
                .orElseThrow(() -> new UserError("this web view has no folder for your rhythms"))
                .toAbsolutePath()
                .normalize();
        Path file = dir.resolve(name + ".yaml").normalize();
        if (!dir.equals(file.getParent())) {
            throw new UserError("no rhythm called '" + name + "'");
        }
        return file;
    }

    private static Rhythm loaded(String shownAs, String text, String what) {
        List<RhythmError> errors = RhythmLint.checkText(shownAs, text);
        if (!errors.isEmpty()) {
            throw new UserError("the rhythm is not " + what + ": it does not lint (" + errors.size() + " error"
                    + (errors.size() == 1 ? "" : "s") + "):\n"
                    + errors.stream().map(RhythmError::toString).collect(Collectors.joining("\n")));
        }
        return RhythmLoader.parse(shownAs, text);
    }

    private static String shownAs(String name) {
        return (name.matches(NAME) ? name : "unsaved") + ".yaml";
    }
}
