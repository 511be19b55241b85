package dev.gather.install;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * One thing install writes into a harness's config: where ({@code hooks.Stop}, {@code mcpServers.gather},
 * {@code notify}) and exactly what, so uninstall can recognise it again and the audit log can name it.
 */
record Entry(String at, JsonNode value) {
    Entry {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(value, "value");
    }
}
