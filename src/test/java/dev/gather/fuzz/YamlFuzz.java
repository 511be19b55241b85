package dev.gather.fuzz;

import dev.gather.profile.ProfileLoader;
import dev.gather.rhythm.RhythmException;
import dev.gather.rhythm.RhythmLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Mutated rhythms and profiles through the loaders {@code gather lint} uses: each must load or fail
 * with a {@link RhythmException} (what lint prints as file:line:column), within the bound; any other
 * throwable would reach the user as a stack trace.
 */
final class YamlFuzz {
    private static final long BOUND_S = 20;
    private static final List<String> GARBAGE = List.of(
            "\t- broken",
            "{",
            "- - -",
            "? complex",
            "!!python/object:os.system x",
            "key: [1, 2",
            "&x a: b",
            "x: *nope",
            "'unterminated",
            "---",
            "...",
            ": : :",
            "%TAG ! x",
            "\u0000",
            "é日本: 😀");

    private YamlFuzz() {}

    /** Writes the mutated files under {@code dir} (rhythms/ and profiles/) and loads each. */
    static Tally run(Path repo, Path dir, Mutator m, int cases) throws Exception {
        Path rhythms = Files.createDirectories(dir.resolve("rhythms"));
        Path profiles = Files.createDirectories(dir.resolve("profiles"));
        List<Path> rhythmBases = list(repo.resolve("rhythms"));
        List<Path> profileBases = list(repo.resolve("profiles"));
        Tally t = new Tally();
        ExecutorService pool = Executors.newSingleThreadExecutor(r -> {
            Thread th = new Thread(r, "yaml-fuzz");
            th.setDaemon(true);
            return th;
        });
        try {
            for (int i = 0; i < cases; i++) {
                boolean profile = i % 3 == 2;
                Path base = m.oneOf(profile ? profileBases : rhythmBases);
                Path file = (profile ? profiles : rhythms).resolve("fuzz-" + i + ".yaml");
                Files.writeString(file, mutate(m, Files.readString(base)));
                t.cases++;
                Future<Throwable> outcome = pool.submit(() -> load(file, profile));
                try {
                    Throwable thrown = outcome.get(BOUND_S, TimeUnit.SECONDS);
                    if (thrown != null) {
                        t.traces.add("yaml " + file.getFileName() + " (from " + base.getFileName() + "): " + thrown);
                    }
                } catch (TimeoutException e) {
                    outcome.cancel(true);
                    t.hangs.add("yaml " + file.getFileName() + " (from " + base.getFileName() + ")");
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return t;
    }

    private static Throwable load(Path file, boolean profile) {
        try {
            if (profile) {
                ProfileLoader.load(file, file.toString());
            } else {
                RhythmLoader.load(file);
            }
            return null;
        } catch (RhythmException e) {
            return null; // reported as file:line:column [rule]
        } catch (Throwable e) {
            return e;
        }
    }

    private static String mutate(Mutator m, String yaml) {
        List<String> lines = new ArrayList<>(List.of(yaml.split("\n", -1)));
        for (int k = 1 + m.pick(3); k > 0; k--) {
            int at = m.pick(lines.size());
            String line = lines.get(at);
            switch (m.pick(8)) {
                case 0 -> lines.remove(at);
                case 1 -> lines.add(at, line);
                case 2 -> lines.set(at, "  ".repeat(m.pick(4)) + line.strip());
                case 3 -> lines.add(at, m.oneOf(GARBAGE));
                case 4 -> lines.set(at, replaceValue(line, scalar(m)));
                case 5 -> lines.set(at, line.substring(0, m.pick(line.length() + 1)));
                case 6 -> lines.set(at, replaceValue(line, "[".repeat(10 + m.pick(3000))));
                default -> lines.set(at, replaceValue(line, Mutator.write(m.value(3))));
            }
            if (lines.isEmpty()) {
                lines.add("");
            }
        }
        return String.join("\n", lines);
    }

    private static String replaceValue(String line, String value) {
        int colon = line.indexOf(": ");
        return colon < 0 ? line + " " + value : line.substring(0, colon + 2) + value;
    }

    private static String scalar(Mutator m) {
        return switch (m.pick(7)) {
            case 0 -> "null";
            case 1 -> String.valueOf(m.pick(2001) - 1000);
            case 2 -> "9".repeat(1 + m.pick(5000));
            case 3 -> "true";
            case 4 -> "''";
            case 5 -> "0s";
            default -> "'" + m.word().replace("'", "''") + "'";
        };
    }

    private static List<Path> list(Path dir) throws IOException {
        try (var s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
    }
}
