package dev.gather.mcp;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gather.about.Shipped;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The tools' names, descriptions and JSON schemas, kept as data in tools.json beside this class so
 * that a reader sees every tool's contract in one file.
 */
final class ToolCatalog {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ToolCatalog() {}

    /** Every tool definition by name, in file order. */
    static Map<String, McpSchema.Tool> load() {
        try {
            List<Map<String, Object>> entries =
                    JSON.readValue(Shipped.text("/dev/gather/mcp/tools.json", "tools.json"), new TypeReference<>() {});
            Map<String, McpSchema.Tool> tools = new LinkedHashMap<>();
            for (Map<String, Object> e : entries) {
                String name = (String) e.get("name");
                tools.put(
                        name,
                        McpSchema.Tool.builder(name, map(e.get("inputSchema")))
                                .title((String) e.get("title"))
                                .description((String) e.get("description"))
                                .outputSchema(map(e.get("outputSchema")))
                                .build());
            }
            return tools;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read tools.json", e);
        }
    }

    /** The argument names {@code tool}'s input schema knows (its properties). */
    static Set<String> arguments(McpSchema.Tool tool) {
        Object properties = tool.inputSchema().get("properties");
        Set<String> names = new LinkedHashSet<>();
        if (properties instanceof Map<?, ?> m) {
            m.keySet().forEach(k -> names.add(k.toString()));
        }
        return names;
    }

    private static Map<String, Object> map(Object value) {
        return JSON.convertValue(value, new TypeReference<Map<String, Object>>() {});
    }
}
