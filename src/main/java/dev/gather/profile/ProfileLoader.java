package dev.gather.profile;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.rhythm.CheckedYaml;
import dev.gather.rhythm.Durations;
import dev.gather.tmux.HarnessQuirks;
import dev.gather.tmux.InputBox;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** Loads a profile file through the same stages as rhythms: YAML with positions, schema, rules. */
public final class ProfileLoader {
    static final String SCHEMA = "/schemas/profile.schema.json";

    private ProfileLoader() {}

    /** Loads {@code file}, named {@code shownAs} in errors; throws RhythmException listing every error. */
    public static Profile load(Path file, String shownAs) {
        return toProfile(CheckedYaml.load(file, shownAs, SCHEMA, "the profile", ProfileLoader::rules));
    }

    /** Loads a profile from text. */
    public static Profile parse(String shownAs, String text) {
        return toProfile(CheckedYaml.parse(shownAs, text, SCHEMA, "the profile", ProfileLoader::rules));
    }

    /** Whether a YAML document is a profile rather than a rhythm (for gather lint). */
    public static boolean looksLikeProfile(String text) {
        return text.lines().anyMatch(l -> l.startsWith("profile:"));
    }

    private static void rules(JsonNode root, CheckedYaml.Reporter report) {
        JsonNode typing = root.path("typing");
        if (!typing.path("command_leaders").asText("").isEmpty()
                && typing.path("neutralizer").asText("").isEmpty()) {
            report.error(
                    "/typing/command_leaders",
                    "profile.neutralizer",
                    "typing.command_leaders needs a typing.neutralizer to put before them");
        }
        JsonNode argv = root.path("recognise").path("argv");
        for (int i = 0; i < argv.size(); i++) {
            regex(argv.get(i).asText(), "/recognise/argv/" + i, report);
        }
        JsonNode box = root.path("input_box");
        if (!box.isMissingNode()) {
            regex(box.path("line").asText(), "/input_box/line", report).ifPresent(p -> {
                if (!p.pattern().contains("(?<text>")) {
                    report.error(
                            "/input_box/line",
                            "profile.input-group",
                            "input_box.line needs a group named text, like (?<text>.*), for what is typed");
                }
            });
            for (String list : List.of("placeholders", "menus", "pasted")) {
                JsonNode patterns = box.path(list);
                for (int i = 0; i < patterns.size(); i++) {
                    regex(patterns.get(i).asText(), "/input_box/" + list + "/" + i, report);
                }
            }
        }
        // last: a duration the schema refused throws here, and CheckedYaml then reports the schema's errors
        JsonNode ready = root.path("ready");
        if (Durations.parse(ready.path("timeout").asText())
                        .compareTo(Durations.parse(ready.path("quiet").asText()))
                <= 0) {
            // ready only once the screen was quiet that long: every member would be reported unreachable
            report.error(
                    "/ready/timeout",
                    "profile.ready",
                    "ready.timeout must be longer than ready.quiet ("
                            + ready.path("quiet").asText() + "): no harness could be ready in time");
        }
    }

    private static Optional<Pattern> regex(String text, String pointer, CheckedYaml.Reporter report) {
        try {
            return Optional.of(Pattern.compile(text));
        } catch (PatternSyntaxException e) {
            report.error(
                    pointer,
                    "profile.regex",
                    CheckedYaml.dotted(pointer) + " is not a valid regular expression: " + e.getDescription());
            return Optional.empty();
        }
    }

    private static Profile toProfile(JsonNode root) {
        String name = root.path("profile").asText();
        JsonNode typing = root.path("typing");
        Optional<InputBox> box = Optional.empty();
        JsonNode b = root.path("input_box");
        if (!b.isMissingNode()) {
            box = Optional.of(new InputBox(
                    Pattern.compile(b.path("line").asText()),
                    b.path("search_lines").asInt(4),
                    patterns(b.path("placeholders")),
                    patterns(b.path("menus")),
                    patterns(b.path("pasted"))));
        }
        HarnessQuirks quirks = new HarnessQuirks(
                name,
                Durations.parse(typing.path("enter_gap").asText()),
                typing.path("command_leaders").asText(""),
                typing.path("neutralizer").asText(""),
                box,
                // without a box there is nothing to judge after Enter, so nothing to wait for
                duration(typing.path("settle"), box.isPresent() ? HarnessQuirks.DEFAULT_SETTLE : Duration.ZERO),
                typing.path("show_only").asBoolean(false));
        JsonNode turns = root.path("turns");
        List<String> commands = new ArrayList<>();
        root.path("recognise").path("commands").forEach(c -> commands.add(c.asText()));
        List<Pattern> argv = new ArrayList<>();
        for (JsonNode a : root.path("recognise").path("argv")) {
            argv.add(Pattern.compile(a.asText()));
        }
        return new Profile(
                name,
                root.path("description").asText(""),
                commands,
                argv,
                quirks,
                new Profile.Ready(
                        Durations.parse(root.path("ready").path("quiet").asText()),
                        Durations.parse(root.path("ready").path("timeout").asText())),
                new Profile.Turns(
                        Profile.TurnSignal.valueOf(turns.path("signal").asText().toUpperCase(Locale.ROOT)),
                        duration(turns.path("quiet"), Duration.ofSeconds(2)),
                        duration(turns.path("grace"), Duration.ofMinutes(2))),
                root.hasNonNull("transcripts")
                        ? Optional.of(root.path("transcripts").asText())
                        : Optional.empty());
    }

    private static List<Pattern> patterns(JsonNode list) {
        List<Pattern> out = new ArrayList<>();
        list.forEach(p -> out.add(Pattern.compile(p.asText())));
        return out;
    }

    private static Duration duration(JsonNode n, Duration otherwise) {
        return n.isMissingNode() ? otherwise : Durations.parse(n.asText());
    }
}
