package dev.gather.rhythm;

import dev.gather.home.StateDir;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Finds rhythms by name: the user's own ({@code $GATHER_HOME/rhythms}), then the ones shipped inside
 * gather. The first found wins, so a user can override a shipped one; a user file that does not
 * validate is reported and the shipped rhythm of that name used. Never the working directory: a
 * repository an agent works in must not change how gather runs.
 */
public final class RhythmLibrary {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(RhythmLibrary.class);

    public static final List<String> SHIPPED =
            List.of("minimal", "standard", "extended", "daily", "weekly", "monthly", "direct");

    private final List<Path> dirs;

    public RhythmLibrary(List<Path> dirs) {
        this.dirs = List.copyOf(dirs);
    }

    /** The library for this process: the user's folder, then shipped. */
    public static RhythmLibrary standard() {
        return new RhythmLibrary(List.of(StateDir.fromEnvironment().root().resolve("rhythms")));
    }

    /** The rhythm called {@code name}; a clear error listing known names when there is none. */
    public Rhythm load(String name) {
        for (Path dir : dirs) {
            for (String ext : List.of(".yaml", ".yml")) {
                Path f = dir.resolve(name + ext);
                if (name.matches("[a-z][a-z0-9-]{0,39}") && Files.isRegularFile(f)) {
                    try {
                        return RhythmLoader.load(f);
                    } catch (RhythmException e) {
                        if (!SHIPPED.contains(name)) {
                            throw e;
                        }
                        LOG.error("rhythm {} ignored, the shipped {} is used instead:\n{}", f, name, e.getMessage());
                    }
                }
            }
        }
        if (SHIPPED.contains(name)) {
            return RhythmLoader.parse("(shipped) rhythms/" + name + ".yaml", shipped(name));
        }
        throw new IllegalArgumentException("unknown rhythm '" + name + "'; known: " + String.join(", ", names()));
    }

    /** Every rhythm name the library can load. */
    public List<String> names() {
        Map<String, Boolean> names = new TreeMap<>();
        SHIPPED.forEach(n -> names.put(n, true));
        for (Path dir : dirs) {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> s = Files.list(dir)) {
                    s.map(p -> p.getFileName().toString())
                            .filter(f -> f.endsWith(".yaml") || f.endsWith(".yml"))
                            .forEach(f -> names.put(f.replaceFirst("\\.ya?ml$", ""), true));
                } catch (IOException e) {
                    // an unreadable folder contributes no names
                }
            }
        }
        return new ArrayList<>(names.keySet());
    }

    /** The user's own rhythm files, by name, valid or not: what {@code gather lint} should check. */
    public List<Path> userFiles() {
        List<Path> files = new ArrayList<>();
        for (Path dir : dirs) {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> s = Files.list(dir)) {
                    s.filter(f -> f.toString().endsWith(".yaml") || f.toString().endsWith(".yml"))
                            .filter(Files::isRegularFile)
                            .sorted()
                            .forEach(files::add);
                } catch (IOException e) {
                    // an unreadable folder contributes no files, as it contributes no names
                }
            }
        }
        return files;
    }

    /** Every loadable rhythm; ones that fail to load are left out. */
    public List<Rhythm> all() {
        List<Rhythm> out = new ArrayList<>();
        for (String n : names()) {
            try {
                out.add(load(n));
            } catch (RuntimeException e) {
                // a broken user rhythm is reported by gather lint, not here
            }
        }
        return out;
    }

    /** The shipped rhythm's text, from inside the jar. */
    static String shipped(String name) {
        try (InputStream in = RhythmLibrary.class.getResourceAsStream("/rhythms/" + name + ".yaml")) {
            if (in == null) {
                throw new IllegalStateException("shipped rhythm " + name + " is missing from the build");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read shipped rhythm " + name, e);
        }
    }

    /** Looks up a shipped rhythm, for tests and the demo. */
    public static Optional<Rhythm> shippedRhythm(String name) {
        return SHIPPED.contains(name)
                ? Optional.of(RhythmLoader.parse("rhythms/" + name + ".yaml", shipped(name)))
                : Optional.empty();
    }
}
