package dev.gather.journal;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Unmodifiable copies that keep their order: a journal line is written in the order it was built. */
final class Copies {
    private Copies() {}

    /** {@code m} copied in its order; empty for null (a line from before the field was written). */
    static <V> Map<String, V> map(Map<String, V> m) {
        return m == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(m));
    }

    static List<String> list(List<String> l) {
        return l == null ? List.of() : List.copyOf(l);
    }

    static <T> T required(T value, String field) {
        return Objects.requireNonNull(value, () -> "a journal entry needs its " + field);
    }
}
