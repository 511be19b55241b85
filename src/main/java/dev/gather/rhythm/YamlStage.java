package dev.gather.rhythm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.StringReader;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Stage 1: YAML text to a JSON tree with source positions. Bounded on every axis a hostile file
 * can push: size, aliases, nesting (also through aliases), total nodes after alias expansion; an
 * alias inside its own anchor ({@code r: &r {a: *r}}) is refused. Duplicate keys are errors. Every
 * YAML file gather reads (rhythms, profiles, agents.yaml) comes through here.
 */
final class YamlStage {
    static final int MAX_CHARS = 256 * 1024;
    private static final int MAX_NODES = 20_000;
    /** Deeper than any real file, far shallower than the stack: aliases can nest what the parser saw flat. */
    static final int MAX_DEPTH = 40;

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    // building a Yaml (its resolver's patterns) costs more than parsing a rhythm: one per thread
    private static final ThreadLocal<Yaml> YAML = ThreadLocal.withInitial(YamlStage::newYaml);

    private YamlStage() {}

    private static Yaml newYaml() {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(false);
        options.setMaxAliasesForCollections(20);
        options.setNestingDepthLimit(20);
        options.setCodePointLimit(MAX_CHARS);
        options.setAllowRecursiveKeys(false);
        return new Yaml(options);
    }

    static SourceTree parse(String file, String text) {
        if (text.length() > MAX_CHARS) {
            throw fail(
                    file,
                    1,
                    1,
                    "yaml.size",
                    "file is larger than " + MAX_CHARS / 1024 + " KiB (found " + text.length() / 1024 + " KiB)");
        }
        if (text.isBlank()
                || text.lines().allMatch(l -> l.isBlank() || l.stripLeading().startsWith("#"))) {
            throw fail(
                    file,
                    1,
                    1,
                    "yaml.empty",
                    "file is empty; a rhythm is a mapping with name, description, talking_piece, roles and prompts");
        }
        Node root;
        try {
            root = YAML.get().compose(new StringReader(text));
        } catch (MarkedYAMLException e) {
            Mark m = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            String problem = e.getProblem() != null ? e.getProblem() : e.getMessage();
            throw fail(
                    file,
                    m == null ? 1 : m.getLine() + 1,
                    m == null ? 1 : m.getColumn() + 1,
                    "yaml.syntax",
                    "YAML syntax: " + oneLine(problem));
        } catch (YAMLException e) {
            throw fail(file, 1, 1, "yaml.limits", "YAML refused: " + oneLine(e.getMessage()));
        }
        if (root == null) {
            throw fail(file, 1, 1, "yaml.empty", "file has no YAML document");
        }
        if (!(root instanceof MappingNode)) {
            Mark m = root.getStartMark();
            throw fail(
                    file,
                    m.getLine() + 1,
                    m.getColumn() + 1,
                    "yaml.not-mapping",
                    "a rhythm must be a mapping of keys to values (found " + kind(root) + ")");
        }
        Conversion conversion = new Conversion(file);
        JsonNode tree = conversion.convert(root, "");
        return new SourceTree(file, tree, conversion.positions);
    }

    /**
     * One document's conversion: where each value stands, how many more values it may make, and the
     * collections being converted above the current one ({@code path}: meeting one again is a cycle).
     */
    private static final class Conversion {
        private final String file;
        private final Map<String, int[]> positions = new HashMap<>();
        private final IdentityHashMap<Node, Boolean> path = new IdentityHashMap<>();
        private int budget = MAX_NODES;

        Conversion(String file) {
            this.file = file;
        }

        JsonNode convert(Node node, String pointer) {
            if (path.containsKey(node)) {
                throw fail(
                        file,
                        pos(node)[0],
                        pos(node)[1],
                        "yaml.recursive",
                        "the anchor here is used inside itself (at " + SourceTree.dotted(pointer)
                                + "); YAML that refers to itself is refused");
            }
            if (path.size() > MAX_DEPTH) {
                throw fail(
                        file,
                        pos(node)[0],
                        pos(node)[1],
                        "yaml.limits",
                        "nested more than " + MAX_DEPTH + " levels deep (through aliases?)");
            }
            if (--budget < 0) {
                throw fail(
                        file,
                        node.getStartMark().getLine() + 1,
                        node.getStartMark().getColumn() + 1,
                        "yaml.limits",
                        "document expands to more than " + MAX_NODES + " values (alias bomb?)");
            }
            positions.put(pointer, pos(node));
            if (node instanceof ScalarNode s) {
                return scalar(s);
            }
            path.put(node, true);
            try {
                return collection(node, pointer);
            } finally {
                path.remove(node);
            }
        }

        private JsonNode collection(Node node, String pointer) {
            if (node instanceof MappingNode map) {
                ObjectNode obj = NODES.objectNode();
                for (NodeTuple t : map.getValue()) {
                    if (!(t.getKeyNode() instanceof ScalarNode k)) {
                        throw fail(
                                file,
                                pos(t.getKeyNode())[0],
                                pos(t.getKeyNode())[1],
                                "yaml.key",
                                "keys must be plain text");
                    }
                    String key = k.getValue();
                    String child = pointer + "/" + key.replace("~", "~0").replace("/", "~1");
                    if (obj.has(key)) {
                        throw fail(file, pos(k)[0], pos(k)[1], "yaml.duplicate-key", "duplicate key '" + key + "'");
                    }
                    positions.put(child + "#key", pos(k));
                    obj.set(key, convert(t.getValueNode(), child));
                }
                return obj;
            }
            if (node instanceof SequenceNode seq) {
                ArrayNode arr = NODES.arrayNode();
                List<Node> items = seq.getValue();
                for (int i = 0; i < items.size(); i++) {
                    arr.add(convert(items.get(i), pointer + "/" + i));
                }
                return arr;
            }
            throw fail(file, pos(node)[0], pos(node)[1], "yaml.key", "unexpected YAML node " + node.getNodeId());
        }
    }

    private static JsonNode scalar(ScalarNode s) {
        Tag tag = s.getTag();
        String v = s.getValue();
        try {
            if (Tag.NULL.equals(tag)) {
                return NODES.nullNode();
            }
            if (Tag.BOOL.equals(tag)) {
                return NODES.booleanNode(
                        v.equalsIgnoreCase("true") || v.equalsIgnoreCase("yes") || v.equalsIgnoreCase("on"));
            }
            if (Tag.INT.equals(tag)) {
                BigInteger b = new BigInteger(v.replace("_", ""));
                return b.bitLength() < 63 ? NODES.numberNode(b.longValue()) : NODES.numberNode(b);
            }
            if (Tag.FLOAT.equals(tag)) {
                return NODES.numberNode(Double.parseDouble(v.replace("_", "")));
            }
        } catch (NumberFormatException e) {
            return NODES.textNode(v);
        }
        return NODES.textNode(v);
    }

    private static int[] pos(Node n) {
        return new int[] {n.getStartMark().getLine() + 1, n.getStartMark().getColumn() + 1};
    }

    private static String kind(Node n) {
        if (n instanceof SequenceNode) {
            return "a list";
        }
        return "a single value '" + oneLine(((ScalarNode) n).getValue()) + "'";
    }

    private static String oneLine(String s) {
        String t = s == null ? "" : s.strip().replaceAll("\\s+", " ");
        return t.length() > 80 ? t.substring(0, 80) + "…" : t;
    }

    private static RhythmException fail(String file, int line, int col, String rule, String message) {
        return new RhythmException(List.of(new RhythmError(file, line, col, rule, message)));
    }
}
