package dev.gather.harness;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/** What a fake model answers to one turn request: words, or a call of one of the harness's tools. */
public sealed interface Reply {
    Duration delay();

    /** The model answers {@code text} after {@code delay}. */
    record Text(String text, Duration delay) implements Reply {
        public Text {
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(delay, "delay");
        }
    }

    /** The model calls tool {@code name} with {@code input}; a harness asks permission for most tools. */
    record ToolCall(String name, Map<String, Object> input, Duration delay) implements Reply {
        public ToolCall {
            Objects.requireNonNull(name, "name");
            input = Map.copyOf(input);
            Objects.requireNonNull(delay, "delay");
        }
    }

    static Reply text(String text) {
        return new Text(text, Duration.ZERO);
    }
}
