package dev.gather.rhythm;

import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/** The prompt texts of one rhythm, by kind. */
public record Prompts(Map<PromptKind, String> texts) {
    public Prompts {
        texts = texts.isEmpty() ? Map.of() : Map.copyOf(new EnumMap<>(texts));
    }

    /** The raw template of {@code kind}, if the rhythm declares it. */
    public Optional<String> template(PromptKind kind) {
        return Optional.ofNullable(texts.get(kind));
    }

    /** The prompt of {@code kind} with its placeholders filled; empty when the rhythm has none. */
    public Optional<String> render(PromptKind kind, Map<String, ?> values) {
        return template(kind).map(t -> Template.fill(t, values));
    }
}
