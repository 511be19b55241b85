package dev.gather.journal;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.PropertyNamingStrategies.NamingBase;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The fields an entry cannot be without, read from its record by the rule {@link Entry} states and
 * the schema's {@code required} lists follow: a component not annotated {@code @JsonInclude} is
 * always written, so it may not be null. Lists and maps are exempt (a record reads an absent one as
 * empty), as are numbers and flags (never null). One rule in one place, where each record used to
 * name its own fields again.
 */
final class Required {
    private static final NamingBase SNAKE = (NamingBase) PropertyNamingStrategies.SNAKE_CASE;
    private static final ClassValue<List<RecordComponent>> NEEDED = new ClassValue<>() {
        @Override
        protected List<RecordComponent> computeValue(Class<?> record) {
            List<RecordComponent> out = new ArrayList<>();
            for (RecordComponent c : record.getRecordComponents()) {
                Class<?> type = c.getType();
                boolean mayBeAbsent = c.getAccessor().isAnnotationPresent(JsonInclude.class)
                        || type.isPrimitive()
                        || List.class.isAssignableFrom(type)
                        || Map.class.isAssignableFrom(type);
                if (!mayBeAbsent) {
                    out.add(c);
                }
            }
            return List.copyOf(out);
        }
    };

    private Required() {}

    /** {@code e}, or an {@link IllegalArgumentException} naming its kind and the first field it lacks. */
    static Entry check(Entry e) {
        missing(e).ifPresent(field -> {
            throw new IllegalArgumentException("a journal entry of kind " + e.kind() + " needs its " + field);
        });
        return e;
    }

    /** The JSON name of the first field {@code e} lacks, if any. */
    static Optional<String> missing(Entry e) {
        for (RecordComponent c : NEEDED.get(e.getClass())) {
            if (value(c, e) == null) {
                JsonProperty named = c.getAccessor().getAnnotation(JsonProperty.class);
                return Optional.of(named != null ? named.value() : SNAKE.translate(c.getName()));
            }
        }
        return Optional.empty();
    }

    private static Object value(RecordComponent c, Entry e) {
        try {
            return c.getAccessor().invoke(e);
        } catch (IllegalAccessException | InvocationTargetException x) {
            throw new IllegalStateException("cannot read " + c.getName() + " of " + e.kind(), x);
        }
    }
}
