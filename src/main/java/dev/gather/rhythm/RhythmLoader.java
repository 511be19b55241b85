package dev.gather.rhythm;

import dev.gather.home.ConfigFile;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
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
        // both stages always run, so an author sees every error of the file in one pass
        List<RhythmError> errors = new ArrayList<>(SchemaStage.check(tree));
        errors.addAll(SemanticStage.check(tree));
        if (!errors.isEmpty()) {
            errors.sort(Comparator.comparingInt(RhythmError::line).thenComparingInt(RhythmError::column));
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
        // a FIFO blocks its reader, /dev/zero never ends, a symlink loop is "too deeply nested" after
        // seconds: what is not a regular file (after its links) is refused at once, by name, unread
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(file)) {
            throw new RhythmException(List.of(new RhythmError(
                    shownAs,
                    1,
                    1,
                    "file.special",
                    "not a regular file (a directory, a FIFO, a device or a symlink loop): refused unread")));
        }
        try {
            if (Files.isRegularFile(file) && Files.size(file) > YamlStage.MAX_CHARS * 4L) {
                throw new RhythmException(List.of(new RhythmError(
                        shownAs,
                        1,
                        1,
                        "yaml.size",
                        "file is larger than " + YamlStage.MAX_CHARS / 1024 + " KiB (found " + Files.size(file) / 1024
                                + " KiB)")));
            }
            return ConfigFile.text(file, YamlStage.MAX_CHARS * 4L);
        } catch (CharacterCodingException e) {
            throw new RhythmException(
                    List.of(new RhythmError(shownAs, 1, 1, "file.encoding", "file is not valid UTF-8")));
        } catch (IOException e) {
            throw new RhythmException(
                    List.of(new RhythmError(shownAs, 1, 1, "file.read", "cannot read file: " + e.getMessage())));
        }
    }
}
