package dev.gather.journal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** schemas/journal.schema.json, the journal's contract, for tests: what it says of a line or a whole journal. */
public final class JournalSchema {
    public static final Path FILE = Path.of("schemas/journal.schema.json");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNode TREE = read();
    private static final Schema SCHEMA = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
            .getSchema(TREE);

    private JournalSchema() {}

    private static JsonNode read() {
        try {
            return JSON.readTree(FILE.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The schema as JSON. */
    public static JsonNode tree() {
        return TREE;
    }

    /** What the schema finds wrong with {@code line} (one journal line as JSON); empty when it is valid. */
    public static List<String> problems(String line) {
        try {
            return SCHEMA.validate(JSON.readTree(line)).stream()
                    .map(Error::toString)
                    .toList();
        } catch (IOException e) {
            return List.of("not JSON: " + e.getMessage());
        }
    }

    /** Each line of journal {@code file} the schema does not accept, with why (a torn last line aside). */
    public static List<String> problems(Path file) throws IOException {
        List<String> out = new ArrayList<>();
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            boolean lastAndTorn =
                    i == lines.size() - 1 && !Files.readString(file).endsWith("\n");
            if (line.isBlank() || lastAndTorn) {
                continue;
            }
            List<String> p = problems(line);
            if (!p.isEmpty()) {
                out.add(file.getFileName() + ":" + (i + 1) + ": " + p + "\n    " + line);
            }
        }
        return out;
    }

    /** Each line of every journal in folder {@code journals} the schema does not accept; none when there is no folder. */
    public static List<String> problemsIn(Path journals) {
        if (!Files.isDirectory(journals)) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(journals)) {
            for (Path f :
                    files.filter(p -> p.toString().endsWith(".jsonl")).sorted().toList()) {
                out.addAll(problems(f));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
