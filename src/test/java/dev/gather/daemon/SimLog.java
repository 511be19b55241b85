package dev.gather.daemon;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** What a sim started with {@code --log FILE} was given: every submitted input, in order, one JSON string a line. */
final class SimLog {
    private SimLog() {}

    /** The inputs in {@code log} so far; none while the sim has not written the file yet. */
    static List<String> inputs(Path log) {
        try {
            if (!Files.exists(log)) {
                return List.of();
            }
            List<String> out = new ArrayList<>();
            for (String line : Files.readAllLines(log)) {
                out.add(World.JSON.readTree(line).asText());
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
