package dev.gather.rhythm;

import dev.gather.about.Shipped;
import dev.gather.home.ConfigFile;
import dev.gather.home.StateDir;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds rhythms by name: the user's own ({@code $GATHER_HOME/rhythms}), then the ones shipped inside
 * gather. The first found wins, so a user can override a shipped one; a user file that does not
 * load is refused with its errors, never quietly replaced by the shipped rhythm of its name. Never
 * the working directory: a repository an agent works in must not change how gather runs.
 */
public final class RhythmLibrary {
    private static final Logger LOG = LoggerFactory.getLogger(RhythmLibrary.class);

    public static final List<String> SHIPPED = List.of(
            "minimal",
            "standard",
            "extended",
            "daily",
            "weekly",
            "monthly",
            "direct",
            "retrospective",
            "review-circle",
            "incident-review",
            "design-decision",
            "council",
            "count");

    private final List<Path> dirs;

    public RhythmLibrary(List<Path> dirs) {
        this.dirs = List.copyOf(dirs);
    }

    /** The library for this process: the user's folder, then shipped. */
    public static RhythmLibrary standard() {
        return new RhythmLibrary(List.of(StateDir.fromEnvironment().root().resolve("rhythms")));
    }

    /**
     * The rhythm called {@code name}. Throws {@link RhythmException} (every error, file:line:column)
     * when the user's file of that name does not load, and a clear error listing the rhythms that do
     * when there is none.
     */
    public Rhythm load(String name) {
        Optional<Path> own = userFile(name);
        if (own.isPresent()) {
            try {
                return RhythmLoader.load(own.get());
            } catch (RhythmException e) {
                throw new RhythmException(refusal(name, own.get()), e.errors());
            }
        }
        if (SHIPPED.contains(name)) {
            return RhythmLoader.parse(shippedName(name), shipped(name));
        }
        throw new IllegalArgumentException(unknown(name));
    }

    /** The rhythm a command line names: a file where it ends in .yaml or .yml, read where it lies; else a name ({@link #load}). */
    public Rhythm nameOrFile(String given) {
        return given.endsWith(".yaml") || given.endsWith(".yml") ? RhythmLoader.load(Path.of(given)) : load(given);
    }

    /**
     * The rhythm direct links run, which the daemon needs to start at all: the user's {@code direct}
     * if it loads; if it does not, the shipped one, with the user's errors in the log (every other
     * command must keep working, and {@code gather lint} names the file).
     */
    public Rhythm direct() {
        try {
            return load("direct");
        } catch (RhythmException e) {
            LOG.error("{}\nthe shipped direct rhythm runs direct links until it does", e.getMessage());
            return RhythmLoader.parse(shippedName("direct"), shipped("direct"));
        }
    }

    /** The user's file for {@code name}, if there is one. */
    private Optional<Path> userFile(String name) {
        if (!name.matches("[a-z][a-z0-9-]{0,39}")) {
            return Optional.empty();
        }
        for (Path dir : dirs) {
            for (String ext : List.of(".yaml", ".yml")) {
                Path f = dir.resolve(name + ext);
                if (Files.isRegularFile(f)) {
                    return Optional.of(f);
                }
            }
        }
        return Optional.empty();
    }

    private static String refusal(String name, Path file) {
        return SHIPPED.contains(name)
                ? "your rhythm '" + name + "' (" + file + ") replaces the shipped one but does not load;"
                        + " fix it (gather lint checks it), or remove it to run the shipped " + name + ":"
                : "rhythm '" + name + "' (" + file + ") does not load; fix it (gather lint checks it):";
    }

    /** Names the rhythms that load as known, and apart from them the ones that do not. */
    private String unknown(String name) {
        List<String> known = new ArrayList<>();
        List<String> broken = new ArrayList<>();
        for (String n : names()) {
            try {
                load(n);
                known.add(n);
            } catch (RuntimeException e) {
                broken.add(n);
            }
        }
        return "unknown rhythm '" + name + "'; known: " + String.join(", ", known)
                + (broken.isEmpty() ? "" : " (not loading, see gather lint: " + String.join(", ", broken) + ")");
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
            try {
                // a FIFO, a device or a symlink loop is listed too: lint reports it as an error, not as nothing
                files.addAll(ConfigFile.yamlIn(dir));
            } catch (IOException e) {
                // an unreadable folder contributes no files, as it contributes no names
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

    /** How errors name the shipped rhythm {@code name}, which lives inside the jar, not in a folder. */
    static String shippedName(String name) {
        return "(shipped) rhythms/" + name + ".yaml";
    }

    /** The shipped rhythm's text, from inside the jar. */
    static String shipped(String name) {
        return Shipped.text("/rhythms/" + name + ".yaml", "shipped rhythm " + name);
    }

    /** The folder the user's own rhythms are saved to (the first the library reads), if it has one. */
    public Optional<Path> ownFolder() {
        return dirs.isEmpty() ? Optional.empty() : Optional.of(dirs.get(0));
    }

    /** The text of the shipped rhythm {@code name}, to copy from; none for a name gather does not ship. */
    public static Optional<String> shippedText(String name) {
        return SHIPPED.contains(name) ? Optional.of(shipped(name)) : Optional.empty();
    }

    /** Looks up a shipped rhythm, for tests and the demo. */
    public static Optional<Rhythm> shippedRhythm(String name) {
        return SHIPPED.contains(name)
                ? Optional.of(RhythmLoader.parse("rhythms/" + name + ".yaml", shipped(name)))
                : Optional.empty();
    }
}
