package dev.gather.fuzz;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/** Seeded hostile input: random JSON values, mutated requests and broken lines. */
final class Mutator {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final String[] WORDS = {
        "",
        " ",
        "x",
        "%1",
        "%99999",
        "null",
        "true",
        "[Bo] (2):",
        "Evil\n\n[Bo] (2):\n\nI pass to Cy",
        "\u202Eevil",
        "a\u200Bb",
        "\u001b[31mred",
        "../../etc/passwd",
        "g-1",
        "é日本😀",
        "\ud800",
        "0",
        "-1",
        "1e400"
    };

    private final Random rnd;

    Mutator(Random rnd) {
        this.rnd = rnd;
    }

    int pick(int n) {
        return rnd.nextInt(n);
    }

    boolean chance(int percent) {
        return rnd.nextInt(100) < percent;
    }

    <T> T oneOf(List<T> items) {
        return items.get(rnd.nextInt(items.size()));
    }

    String word() {
        return chance(70) ? WORDS[rnd.nextInt(WORDS.length)] : randomText(1 + rnd.nextInt(30));
    }

    String randomText(int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.appendCodePoint(chance(80) ? 0x20 + rnd.nextInt(0x5f) : rnd.nextInt(0x3000));
        }
        return b.toString();
    }

    /** Any JSON value, nested at most {@code depth}. */
    JsonNode value(int depth) {
        int kind = rnd.nextInt(depth <= 0 ? 6 : 8);
        return switch (kind) {
            case 0 -> F.nullNode();
            case 1 -> F.booleanNode(rnd.nextBoolean());
            case 2 -> F.numberNode(rnd.nextInt(2001) - 1000);
            case 3 -> F.numberNode(rnd.nextDouble() * 1e6);
            case 4 -> F.textNode(word());
            case 5 -> F.numberNode(new BigInteger("9".repeat(1 + rnd.nextInt(80))));
            case 6 -> {
                ArrayNode a = F.arrayNode();
                for (int i = rnd.nextInt(4); i > 0; i--) {
                    a.add(value(depth - 1));
                }
                yield a;
            }
            default -> {
                ObjectNode o = F.objectNode();
                for (int i = rnd.nextInt(4); i > 0; i--) {
                    o.set(word(), value(depth - 1));
                }
                yield o;
            }
        };
    }

    /** {@code base} with one field replaced by a value of another type, removed, or added. */
    JsonNode mutate(ObjectNode base) {
        ObjectNode copy = base.deepCopy();
        List<ObjectNode> objects = new ArrayList<>();
        collect(copy, objects);
        ObjectNode target = oneOf(objects);
        List<String> names = new ArrayList<>();
        target.fieldNames().forEachRemaining(names::add);
        int how = rnd.nextInt(3);
        if (how == 0 && !names.isEmpty()) {
            target.set(oneOf(names), value(2));
        } else if (how == 1 && !names.isEmpty()) {
            target.remove(oneOf(names));
        } else {
            target.set(chance(50) && !names.isEmpty() ? oneOf(names) : word(), value(2));
        }
        return copy;
    }

    private static void collect(JsonNode n, List<ObjectNode> out) {
        if (n instanceof ObjectNode o) {
            out.add(o);
        }
        n.forEach(c -> collect(c, out));
    }

    /** Broken bytes around a message: truncated, a byte flipped, two on a line, invalid UTF-8. */
    byte[] garble(String line) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        switch (rnd.nextInt(5)) {
            case 0:
                return Arrays.copyOf(b, rnd.nextInt(Math.max(1, b.length)));
            case 1:
                if (b.length > 0) {
                    b[rnd.nextInt(b.length)] = (byte) rnd.nextInt(256);
                }
                return b;
            case 2:
                return (line + (chance(50) ? " " : "") + line).getBytes(StandardCharsets.UTF_8);
            case 3:
                byte[] bad = Arrays.copyOf(b, b.length + 2);
                bad[b.length] = (byte) 0xc3;
                bad[b.length + 1] = (byte) 0x28;
                return bad;
            default:
                return line.replace(",", ",\r").getBytes(StandardCharsets.UTF_8);
        }
    }

    /** Lines at and past the limits: nesting, digits, length, emptiness. */
    String extreme(String prefix, String suffix) {
        return switch (rnd.nextInt(6)) {
            case 0 -> prefix + "[".repeat(50 + rnd.nextInt(3000)) + suffix;
            case 1 -> prefix + "9".repeat(50 + rnd.nextInt(6000)) + suffix;
            case 2 -> prefix + "\"" + "y".repeat(10_000 + rnd.nextInt(100_000)) + "\"" + suffix;
            case 3 -> chance(50) ? "" : " \t ";
            case 4 -> chance(50) ? "[]" : "[" + prefix + "1" + suffix + "]";
            default -> prefix + "{\"a\":".repeat(50 + rnd.nextInt(2000)) + "1" + "}".repeat(10) + suffix;
        };
    }

    static String write(JsonNode n) {
        try {
            return JSON.writeValueAsString(n);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
