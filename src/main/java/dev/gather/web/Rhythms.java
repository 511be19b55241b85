package dev.gather.web;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.rhythm.Beats;
import dev.gather.rhythm.Durations;
import dev.gather.rhythm.Phase;
import dev.gather.rhythm.Rhythm;
import dev.gather.rhythm.RhythmDiagram;
import dev.gather.rhythm.RhythmError;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.rhythm.RhythmLint;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Every installed rhythm as {@code gather rhythms} lists it (shipped, and the user's in
 * $GATHER_HOME/rhythms), with its prompts, and each of the user's own files with its lint verdict.
 */
final class Rhythms {
    private final RhythmLibrary library;

    Rhythms(RhythmLibrary library) {
        this.library = library;
    }

    RhythmLibrary library() {
        return library;
    }

    ObjectNode all() {
        ObjectNode out = Http.JSON.createObjectNode();
        Set<String> yours = new HashSet<>();
        ArrayNode user = out.putArray("user");
        // the user's files as gather lint sees them: a broken one is listed with its errors, never hidden
        // (the library refuses it where it is started, even over a shipped rhythm of its name)
        for (Path f : library.userFiles()) {
            String name = f.getFileName().toString().replaceFirst("\\.ya?ml$", "");
            List<RhythmError> errors = RhythmLint.check(f);
            ObjectNode o =
                    user.addObject().put("name", name).put("file", f.toString()).put("ok", errors.isEmpty());
            ArrayNode lines = o.putArray("errors");
            errors.forEach(e -> lines.add(e.toString()));
            if (errors.isEmpty()) {
                yours.add(name);
            }
        }
        ArrayNode list = out.putArray("rhythms");
        for (String name : library.names()) {
            ObjectNode o = list.addObject().put("name", name).put("yours", yours.contains(name));
            try {
                describe(o, library.load(name));
            } catch (RuntimeException e) {
                o.put("error", String.valueOf(e.getMessage()));
            }
        }
        return out;
    }

    private static void describe(ObjectNode o, Rhythm r) {
        o.put("description", r.description().strip())
                .put("opening_question", r.openingQuestion().strip())
                .put("talking_piece", r.talkingPiece())
                .put("speakers_min", r.roles().minSpeakers())
                .put("speakers_max", r.roles().maxSpeakers())
                .put("harvesters", r.roles().harvesters())
                .put("human", r.roles().human().name().toLowerCase(Locale.ROOT));
        ArrayNode breath = o.putArray("breath");
        for (Phase p : r.breath()) {
            breath.addObject().put("phase", p.name()).put("rounds", p.rounds()).put("discipline", p.discipline());
        }
        Beats b = r.beats();
        if (b != null) {
            o.putObject("beats")
                    .put("per_turn", b.perTurn())
                    .put("interval", Durations.format(b.interval()))
                    .put("grace", Durations.format(b.grace()));
        }
        o.put("diagram", RhythmDiagram.mermaid(r));
        ObjectNode prompts = o.putObject("prompts");
        r.prompts().texts().forEach((kind, text) -> prompts.put(kind.key(), text));
    }
}
