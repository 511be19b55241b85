package dev.gather.journal;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The one codec of journal entries: a record to the JSON object a journal line holds (its
 * {@code kind} first, fields in snake case), and a line back to its record.
 */
public final class Entries {
    private static final ObjectMapper JSON = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            // lines carry their time, and lines of older releases fields no record has now
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    private static final Map<Class<?>, String> KINDS = listed();

    private Entries() {}

    private static Map<Class<?>, String> listed() {
        Map<Class<?>, String> out = new LinkedHashMap<>();
        Arrays.stream(Entry.class.getAnnotation(JsonSubTypes.class).value()).forEach(t -> out.put(t.value(), t.name()));
        return Collections.unmodifiableMap(out);
    }

    /** Every kind, by the record that is it, in the order {@link Entry} lists them. */
    public static Map<Class<?>, String> kinds() {
        return KINDS;
    }

    static String kindOf(Class<?> record) {
        String kind = KINDS.get(record);
        if (kind == null) {
            throw new IllegalStateException(record.getName() + " is not among Entry's kinds");
        }
        return kind;
    }

    /**
     * {@code e} as the JSON object its journal line holds (without its time); an entry without a
     * field it needs is refused (see {@link Required}), so no line is written that could not be read.
     */
    public static ObjectNode encode(Entry e) {
        return JSON.valueToTree(Required.check(e));
    }

    /**
     * The record a journal line holds, or empty for one no record reads (a kind of an older or newer
     * release, a field a kind needs missing): such a line still counts in the journal's numbering.
     */
    public static Optional<Entry> decode(JsonNode line) {
        if (!line.isObject()
                || !line.path("kind").isTextual()
                || !KINDS.containsValue(line.path("kind").asText())) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.treeToValue(line, Entry.class))
                    .filter(entry -> Required.missing(entry).isEmpty());
        } catch (JsonProcessingException | IllegalArgumentException | NullPointerException e) {
            return Optional.empty();
        }
    }

    /** When the line was written, or {@code otherwise} for a line without a readable time. */
    public static Instant time(JsonNode line, Instant otherwise) {
        try {
            return line.path("time").isTextual()
                    ? Instant.parse(line.path("time").asText())
                    : otherwise;
        } catch (DateTimeParseException e) {
            return otherwise;
        }
    }
}
