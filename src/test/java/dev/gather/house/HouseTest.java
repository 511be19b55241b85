package dev.gather.house;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The shape of the house, read from the main sources: packages import each other in one direction
 * only (no circle, so every package has a floor and no import runs back up), no package holds more
 * than a tenth of the lines, and files stay under 300 lines but for the few still waiting to be split.
 */
class HouseTest {
    private static final Path MAIN = Path.of("src/main/java/dev/gather");
    private static final String STRING = "\"(?:[^\"\\\\\\n]|\\\\.)*\"";
    private static final Pattern USE = Pattern.compile("\\bdev\\.gather\\.([a-z]+)\\.[A-Z]");

    private static Map<String, List<Path>> packages() throws IOException {
        Map<String, List<Path>> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            files.filter(f -> f.toString().endsWith(".java")).forEach(f -> out.computeIfAbsent(
                            MAIN.relativize(f.getParent()).toString(), k -> new ArrayList<>())
                    .add(f));
        }
        return out;
    }

    private static Map<String, Set<String>> imports() throws IOException {
        Map<String, Set<String>> out = new TreeMap<>();
        for (var e : packages().entrySet()) {
            Set<String> used = new TreeSet<>();
            for (Path f : e.getValue()) {
                // a class named in a string (a command line to run) is no import
                Matcher m = USE.matcher(Files.readString(f).replaceAll(STRING, "\"\""));
                while (m.find()) {
                    if (!m.group(1).equals(e.getKey())) {
                        used.add(m.group(1));
                    }
                }
            }
            out.put(e.getKey(), used);
        }
        return out;
    }

    @Test
    void noImportRunsBackUpAFloor() throws IOException {
        Map<String, Set<String>> imports = imports();
        Map<String, Integer> state = new HashMap<>();
        for (String p : imports.keySet()) {
            List<String> circle = circleFrom(p, imports, state, new ArrayList<>());
            assertTrue(circle.isEmpty(), "packages import each other in a circle: " + String.join(" -> ", circle));
        }
    }

    /** Depth-first: 1 on the path, 2 done; the path back to where it closes, if it does. */
    private static List<String> circleFrom(
            String p, Map<String, Set<String>> imports, Map<String, Integer> state, List<String> path) {
        Integer s = state.get(p);
        if (s != null && s == 2) {
            return List.of();
        }
        path.add(p);
        if (s != null) {
            return path.subList(path.indexOf(p), path.size());
        }
        state.put(p, 1);
        for (String q : imports.getOrDefault(p, Set.of())) {
            List<String> circle = circleFrom(q, imports, state, path);
            if (!circle.isEmpty()) {
                return circle;
            }
        }
        state.put(p, 2);
        path.remove(path.size() - 1);
        return List.of();
    }

    /**
     * docs/architecture.md draws the floors between its house markers: each package on the floor one
     * above the highest it imports. A change that moves a package, adds or removes one redraws it:
     * {@code -Dhouse.write=true} writes the drawing this test expects.
     */
    @Test
    void theArchitecturesFloorsAreTheCodes() throws IOException {
        Map<String, Set<String>> imports = imports();
        Map<String, Integer> floors = new TreeMap<>();
        imports.keySet().forEach(p -> floorOf(p, imports, floors));
        StringBuilder drawn = new StringBuilder("```\n");
        int top = floors.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        for (int floor = top; floor >= 1; floor--) {
            int f = floor;
            drawn.append(String.format("%3d  ", floor))
                    .append(String.join(
                            "   ",
                            floors.entrySet().stream()
                                    .filter(e -> e.getValue() == f)
                                    .map(Map.Entry::getKey)
                                    .toList()))
                    .append('\n');
        }
        drawn.append("```\n");
        Path doc = Path.of("docs/architecture.md");
        String text = Files.readString(doc);
        String begin = "<!-- house:begin (HouseTest draws it: -Dhouse.write=true) -->\n";
        String end = "<!-- house:end -->";
        int from = text.indexOf(begin);
        int to = text.indexOf(end);
        assertTrue(from >= 0 && to > from, doc + " has no house markers");
        String expected = text.substring(0, from + begin.length()) + drawn + text.substring(to);
        if (Boolean.getBoolean("house.write")) {
            Files.writeString(doc, expected);
            text = expected;
        }
        assertEquals(expected, text, doc + "'s floors are not the code's (-Dhouse.write=true redraws them)");
    }

    private static int floorOf(String p, Map<String, Set<String>> imports, Map<String, Integer> floors) {
        Integer known = floors.get(p);
        if (known != null) {
            return known;
        }
        int floor = 1;
        for (String q : imports.getOrDefault(p, Set.of())) {
            floor = Math.max(floor, floorOf(q, imports, floors) + 1);
        }
        floors.put(p, floor);
        return floor;
    }

    @Test
    void noPackageHoldsMoreThanATenthOfTheLines() throws IOException {
        Map<String, Long> lines = new TreeMap<>();
        for (var e : packages().entrySet()) {
            long n = 0;
            for (Path f : e.getValue()) {
                n += Files.readAllLines(f).size();
            }
            lines.put(e.getKey(), n);
        }
        long all = lines.values().stream().mapToLong(Long::longValue).sum();
        lines.forEach((p, n) -> assertTrue(n * 10 <= all + all / 10, p + "/ holds " + n + " of " + all + " lines"));
    }

    @Test
    void filesStayUnder300Lines() throws IOException {
        List<String> over = new ArrayList<>();
        for (List<Path> files : packages().values()) {
            for (Path f : files) {
                if (Files.readAllLines(f).size() > 300) {
                    over.add(MAIN.relativize(f).toString());
                }
            }
        }
        assertEquals(List.of(), over.stream().sorted().toList(), "split these by responsibility");
    }

    /** A class written out in code ({@code java.util.List}, {@code dev.gather.tmux.Tmux}): an import says it once. */
    private static final Pattern INLINE_NAME = Pattern.compile(
            "(?<![\\w.])(?:java|javax|jdk|dev|org|com|io|picocli|jakarta|reactor|redis|net)(?:\\.[a-z_][a-z0-9_]*)+\\.[A-Z]\\w*");
    /**
     * Comments, Javadoc, strings, text blocks and character literals, each blanked to spaces (lines
     * kept), so what is left is code.
     */
    private static final Pattern NOT_CODE =
            Pattern.compile("//[^\\n]*|/\\*(?s:.*?)\\*/|\"\"\"(?s:.*?)\"\"\"|" + STRING + "|'(?:[^'\\\\\\n]|\\\\.)*'");

    /** The product's, the tests' and the benchmarks' sources alike: a name written out reads the same in each. */
    @Test
    void classesAreImportedNotWrittenOutInCode() throws IOException {
        List<String> inline = new ArrayList<>();
        for (Path f : sources()) {
            String code = blank(Files.readString(f));
            String[] lines = code.split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                String line = lines[i].strip();
                if (line.startsWith("import ") || line.startsWith("package ")) {
                    continue;
                }
                Matcher m = INLINE_NAME.matcher(lines[i]);
                while (m.find()) {
                    inline.add(f + ":" + (i + 1) + ": " + m.group());
                }
            }
        }
        assertEquals(List.of(), inline, "import these instead of writing them out");
    }

    /** Every Java file of the product, its tests and its benchmarks, in order. */
    static List<Path> sources() throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path root : List.of(Path.of("src/main/java"), Path.of("src/test/java"), Path.of("src/bench/java"))) {
            try (Stream<Path> all = Files.walk(root)) {
                files.addAll(
                        all.filter(f -> f.toString().endsWith(".java")).sorted().toList());
            }
        }
        return files;
    }

    /** {@code source} with comments, strings and literals blanked: what is left is code. */
    static String blank(String source) {
        Matcher m = NOT_CODE.matcher(source);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(m.group().replaceAll("[^\n]", " ")));
        }
        return m.appendTail(out).toString();
    }

    @Test
    void testAndBenchmarkFilesStayUnder300LinesToo() throws IOException {
        List<String> over = new ArrayList<>();
        for (Path root : List.of(Path.of("src/test/java"), Path.of("src/bench/java"))) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    if (Files.readAllLines(f).size() > 300) {
                        over.add(f.toString());
                    }
                }
            }
        }
        assertEquals(List.of(), over, "split these by what each test or benchmark does");
    }
}
