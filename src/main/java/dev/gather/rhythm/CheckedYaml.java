package dev.gather.rhythm;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The rhythm loader's first stages for any other YAML format gather reads (harness profiles): YAML
 * with positions, a JSON Schema from the class path, then the format's own rules. Every error
 * names file, line, column and rule, exactly as for rhythms.
 */
public final class CheckedYaml {
    private static final Map<String, SchemaStage> SCHEMAS = new ConcurrentHashMap<>();

    private CheckedYaml() {}

    /** Rules beyond the schema; report each problem at a JSON pointer into the file. */
    public interface Rules {
        void check(JsonNode root, Reporter report);
    }

    /** Where {@link Rules} put what they find. */
    public interface Reporter {
        void error(String pointer, String rule, String message);
    }

    /** {@code /input_box/placeholders/0} as a reader writes it: {@code input_box.placeholders[0]}. */
    public static String dotted(String pointer) {
        return SourceTree.dotted(pointer);
    }

    /** Loads {@code file}, named {@code shownAs} in errors; throws {@link RhythmException} with every error. */
    public static JsonNode load(Path file, String shownAs, String schemaResource, String noun, Rules rules) {
        return parse(shownAs, RhythmLoader.read(file, shownAs), schemaResource, noun, rules);
    }

    /**
     * Just the YAML stage, for a format without a schema (agents.yaml): the same limits and the same
     * refusal of self-referencing aliases as every other YAML file gather reads.
     */
    public static JsonNode tree(String shownAs, String text) {
        return YamlStage.parse(shownAs, text).root();
    }

    /** The same for text already read. */
    public static JsonNode parse(String shownAs, String text, String schemaResource, String noun, Rules rules) {
        SourceTree tree = YamlStage.parse(shownAs, text);
        SchemaStage schema = SCHEMAS.computeIfAbsent(schemaResource, r -> new SchemaStage(r, noun));
        List<RhythmError> errors = new ArrayList<>(schema.validate(tree));
        boolean schemaFailed = !errors.isEmpty();
        try {
            // all of a file's errors at once, as for rhythms
            rules.check(tree.root(), (pointer, rule, message) -> errors.add(tree.error(pointer, rule, message)));
        } catch (RuntimeException e) {
            // the rules assume the schema's shapes; with schema errors present, those come first
            if (!schemaFailed) {
                throw e;
            }
        }
        if (!errors.isEmpty()) {
            errors.sort(Comparator.comparingInt(RhythmError::line).thenComparingInt(RhythmError::column));
            throw new RhythmException(errors);
        }
        return tree.root();
    }
}
