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
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Edits a JSON settings file as a tree (key order kept) and writes it back in the file's own indentation
 * and final newline ({@code JSON.stringify(x, null, 2)}, as the harnesses write, for a new file), so
 * untouched settings stay as they were.
 */
final class JsonConfig {
    static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Pattern FIRST_INDENT = Pattern.compile("[\\[{][ \\t]*\\r?\\n([ \\t]+)\\S");

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

    /** {@code root} written in the style of {@code like} (the file's current bytes, if any). */
    static byte[] bytes(ObjectNode root, Optional<byte[]> like) {
        String text = like.map(b -> new String(b, StandardCharsets.UTF_8)).orElse("");
        Matcher m = FIRST_INDENT.matcher(text);
        String indent = m.find() ? m.group(1) : "  ";
        boolean newline = like.isEmpty() || text.endsWith("\n");
        DefaultIndenter indenter = new DefaultIndenter(indent, "\n");
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
                .withSeparators(Separators.createDefaultInstance()
                        .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                        .withObjectEmptySeparator("")
                        .withArrayEmptySeparator(""))
                .withObjectIndenter(indenter)
                .withArrayIndenter(indenter);
        try {
            return (MAPPER.writer(printer).writeValueAsString(root) + (newline ? "\n" : ""))
                    .getBytes(StandardCharsets.UTF_8);
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

    /** Adds the entry unless it is there; refuses where a gather-looking entry gather did not write is. */
    static boolean add(Path file, ObjectNode root, JsonEntry e) throws InstallException {
        Optional<JsonNode> container = find(root, e.path());
        if (container.isPresent()) {
            for (JsonNode existing : candidates(container.get(), e)) {
                if (existing.equals(e.value())) {
                    return false;
                }
                if (e.looksLikeGather(existing)) {
                    throw new InstallException(file + ": " + e.at() + " already holds a gather entry that 'gather"
                            + " install' did not write (" + existing + "); it is left as it is. Remove it or make it"
                            + " exactly " + e.value() + ", then run again");
                }
            }
        }
        ObjectNode parent = root;
        List<String> path = e.path();
        for (int i = 0; i < path.size() - (e.key().isPresent() ? 0 : 1); i++) {
            parent = parent.withObjectProperty(path.get(i));
        }
        if (e.key().isPresent()) {
            parent.set(e.key().get(), e.value().deepCopy());
        } else {
            parent.withArrayProperty(path.get(path.size() - 1)).add(e.value().deepCopy());
        }
        return true;
    }

    /**
     * Removes exactly the entry install writes, and the containers that leaves empty; notes gather-looking
     * entries it leaves in {@code leftAlone}. Whether it removed anything.
     */
    static boolean remove(Path file, ObjectNode root, JsonEntry e, List<String> leftAlone) {
        Optional<JsonNode> container = find(root, e.path());
        if (container.isEmpty()) {
            return false;
        }
        boolean removed = false;
        if (e.key().isPresent() && container.get() instanceof ObjectNode object) {
            JsonNode existing = object.get(e.key().get());
            if (existing != null && existing.equals(e.value())) {
                object.remove(e.key().get());
                removed = true;
            } else if (existing != null) {
                leftAlone.add(file + ": " + e.at() + " is not the entry 'gather install' writes; left as it is");
            }
        } else if (e.key().isEmpty() && container.get() instanceof ArrayNode array) {
            for (Iterator<JsonNode> it = array.elements(); it.hasNext(); ) {
                JsonNode existing = it.next();
                if (existing.equals(e.value())) {
                    it.remove();
                    removed = true;
                } else if (e.looksLikeGather(existing)) {
                    leftAlone.add(file + ": " + e.at() + " holds " + existing
                            + ", not the entry 'gather install' writes; left as it is");
                }
            }
        }
        if (removed) {
            prune(root, e.path());
        }
        return removed;
    }

    private static List<JsonNode> candidates(JsonNode container, JsonEntry e) {
        List<JsonNode> found = new ArrayList<>();
        if (e.key().isPresent()) {
            JsonNode member = container.get(e.key().get());
            if (member != null) {
                found.add(member);
            }
        } else {
            container.forEach(found::add);
        }
        return found;
    }

    private static Optional<JsonNode> find(ObjectNode root, List<String> path) {
        JsonNode node = root;
        for (String name : path) {
            node = node.get(name);
            if (node == null) {
                return Optional.empty();
            }
        }
        return Optional.of(node);
    }

    /** Drops the containers along {@code path} that removing gather's entry left empty, deepest first. */
    private static void prune(ObjectNode root, List<String> path) {
        for (int depth = path.size(); depth > 0; depth--) {
            JsonNode parent = find(root, path.subList(0, depth - 1)).orElse(null);
            String name = path.get(depth - 1);
            if (parent instanceof ObjectNode object
                    && object.get(name) != null
                    && object.get(name).isEmpty()) {
                object.remove(name);
            } else {
                return;
            }
        }
    }
}
