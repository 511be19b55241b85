package dev.gather.rhythm;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Loads a rhythm in stages, one class each: YAML → JSON tree with positions → JSON Schema →
 * semantic rules → records. Every error in the file is reported, each with file:line:column.
 */
public final class RhythmLoader {
    private RhythmLoader() {}

    /** Loads {@code file}, named in errors as {@code shownAs}. */
    public static Rhythm load(Path file, String shownAs) {
        return parse(shownAs, read(file, shownAs));
    }

    /** Loads {@code file}, named in errors by its path as given. */
    public static Rhythm load(Path file) {
        return load(file, file.toString());
    }

    /** Loads a rhythm from text; {@code file} names it in errors. */
    public static Rhythm parse(String file, String text) {
        SourceTree tree = YamlStage.parse(file, text);
        List<RhythmError> errors = new java.util.ArrayList<>(SchemaStage.check(tree));
        try {
            errors.addAll(SemanticStage.check(tree));
        } catch (RuntimeException e) {
            // semantic rules assume the schema's shapes; with schema errors present, those come first
            if (errors.isEmpty()) {
                throw e;
            }
        }
        if (!errors.isEmpty()) {
            errors.sort(java.util.Comparator.comparingInt(RhythmError::line).thenComparingInt(RhythmError::column));
            throw new RhythmException(errors);
        }
        return RecordStage.toRhythm(tree.root());
    }

    /**
     * The naive way, for the lint benchmark's baseline: build the schema validator anew for the file
     * instead of once per process. Returns how many schema errors it found.
     */
    public static int checkWithFreshSchema(Path file) {
        SourceTree tree = YamlStage.parse(file.toString(), read(file, file.toString()));
        return SchemaStage.validateWithFreshSchema(tree.root()).size();
    }

    static String read(Path file, String shownAs) {
        try {
            if (Files.size(file) > YamlStage.MAX_CHARS * 4L) {
                throw new RhythmException(List.of(new RhythmError(
                        shownAs,
                        1,
                        1,
                        "yaml.size",
                        "file is larger than " + YamlStage.MAX_CHARS / 1024 + " KiB (found " + Files.size(file) / 1024
                                + " KiB)")));
            }
            byte[] bytes = Files.readAllBytes(file);
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new RhythmException(
                    List.of(new RhythmError(shownAs, 1, 1, "file.encoding", "file is not valid UTF-8")));
        } catch (IOException e) {
            throw new RhythmException(
                    List.of(new RhythmError(shownAs, 1, 1, "file.read", "cannot read file: " + e.getMessage())));
        }
    }
}
