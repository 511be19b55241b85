package dev.gather.install;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Optional;

/**
 * Edits a JSON settings file as a tree (key order kept) and writes it the way the harnesses do
 * ({@code JSON.stringify(x, null, 2)}), so untouched settings stay as they were.
 */
final class JsonConfig {
    static final ObjectMapper MAPPER = new ObjectMapper();
    private static final DefaultIndenter INDENT = new DefaultIndenter("  ", "\n");
    private static final DefaultPrettyPrinter PRINTER = new DefaultPrettyPrinter()
            .withSeparators(Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                    .withObjectEmptySeparator("")
                    .withArrayEmptySeparator(""))
            .withObjectIndenter(INDENT)
            .withArrayIndenter(INDENT);

    private JsonConfig() {}

    static ObjectNode parse(Path file, Optional<byte[]> bytes) throws InstallException {
        if (bytes.isEmpty() || new String(bytes.get(), StandardCharsets.UTF_8).isBlank()) {
            return MAPPER.createObjectNode();
        }
        try {
            JsonNode node = MAPPER.readTree(bytes.get());
            if (node instanceof ObjectNode object) {
                return object;
            }
            throw new InstallException(file + ": is not a JSON object; fix it or move it aside, then run again");
        } catch (IOException e) {
            throw new InstallException(file + ": is not valid JSON ("
                    + e.getMessage().lines().findFirst().orElse("") + "); fix it or move it aside, then run again");
        }
    }

    static byte[] bytes(ObjectNode root) {
        try {
            return (MAPPER.writer(PRINTER).writeValueAsString(root) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a parsed tree always serializes", e);
        }
    }

    static boolean sameMeaning(byte[] a, byte[] b) {
        try {
            return MAPPER.readTree(a).equals(MAPPER.readTree(b));
        } catch (IOException e) {
            return false;
        }
    }

    /** Adds {@code group} under {@code hooks.<event>} unless a group there already runs {@code command}. */
    static void addHook(ObjectNode root, String event, ObjectNode group, String command) {
        ArrayNode groups = root.withObjectProperty("hooks").withArrayProperty(event);
        for (JsonNode existing : groups) {
            if (runs(existing, command)) {
                return;
            }
        }
        groups.add(group);
    }

    /** Removes every group under {@code hooks.<event>} that runs {@code command}, and containers left empty. */
    static void removeHook(ObjectNode root, String event, String command) {
        if (!(root.get("hooks") instanceof ObjectNode hooks) || !(hooks.get(event) instanceof ArrayNode groups)) {
            return;
        }
        for (Iterator<JsonNode> it = groups.elements(); it.hasNext(); ) {
            if (runs(it.next(), command)) {
                it.remove();
            }
        }
        if (groups.isEmpty()) {
            hooks.remove(event);
        }
        if (hooks.isEmpty()) {
            root.remove("hooks");
        }
    }

    private static boolean runs(JsonNode group, String command) {
        for (JsonNode hook : group.path("hooks")) {
            if (command.equals(hook.path("command").asText(null))) {
                return true;
            }
        }
        return false;
    }

    static void putServer(ObjectNode root, String name, ObjectNode server) {
        root.withObjectProperty("mcpServers").set(name, server);
    }

    /** Removes the server only when it is the one install added (same command), and an emptied container. */
    static void removeServer(ObjectNode root, String name, String command) {
        if (!(root.get("mcpServers") instanceof ObjectNode servers)) {
            return;
        }
        if (command.equals(servers.path(name).path("command").asText(null))) {
            servers.remove(name);
        }
        if (servers.isEmpty()) {
            root.remove("mcpServers");
        }
    }
}
