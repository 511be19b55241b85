package dev.gather.daemon;

import dev.gather.journal.JournalFiles;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Gives each test of the class that registers it a fresh {@link World}: a home folder of its own
 * (with an {@code agents.yaml} when given one), a daemon on a private tmux server, both closed and
 * removed after the test. The world is set into the test's fields of type {@link World}, the home
 * into a {@link Path} field named {@code home}: the set-up the end-to-end classes all shared.
 */
final class Worlds implements BeforeEachCallback, AfterEachCallback {
    /** Prepares a home before its daemon starts (a profile, a config file). */
    interface Preparation {
        void prepare(Path home) throws IOException;
    }

    private final Optional<String> agents;
    private final String stateIn;
    private final Preparation preparation;
    private final JournalFiles files;
    private Path home;
    private World world;

    private Worlds(Optional<String> agents, String stateIn, Preparation preparation, JournalFiles files) {
        this.agents = agents;
        this.stateIn = stateIn;
        this.preparation = preparation;
        this.files = files;
    }

    /** Worlds whose {@code agents.yaml} names the sims ({@link World#SIM_AGENTS}). */
    static Worlds withSimAgents() {
        return withAgents(World.SIM_AGENTS);
    }

    /** Worlds with {@code yaml} as their {@code agents.yaml}. */
    static Worlds withAgents(String yaml) {
        return new Worlds(Optional.of(yaml), "", home -> {}, JournalFiles.REAL);
    }

    /** Worlds with no {@code agents.yaml}. */
    static Worlds bare() {
        return new Worlds(Optional.empty(), "", home -> {}, JournalFiles.REAL);
    }

    /** The same, the daemon's state directory being folder {@code sub} of the home. */
    Worlds stateIn(String sub) {
        return new Worlds(agents, sub, preparation, files);
    }

    /** The same, {@code more} preparing each home before its daemon starts. */
    Worlds preparing(Preparation more) {
        return new Worlds(
                agents,
                stateIn,
                home -> {
                    preparation.prepare(home);
                    more.prepare(home);
                },
                files);
    }

    /** The same, each daemon writing its journals through {@code disk} (a disk that can fail). */
    Worlds onDisk(JournalFiles disk) {
        return new Worlds(agents, stateIn, preparation, disk);
    }

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        home = Files.createTempDirectory("gather-world-");
        if (agents.isPresent()) {
            Files.writeString(home.resolve("agents.yaml"), agents.get());
        }
        preparation.prepare(home);
        world = new World(stateIn.isEmpty() ? home : home.resolve(stateIn), files);
        Object test = context.getRequiredTestInstance();
        for (Class<?> c = test.getClass(); c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (f.getType() == World.class) {
                    set(f, test, world);
                } else if (f.getType() == Path.class && f.getName().equals("home")) {
                    set(f, test, home);
                }
            }
        }
    }

    private static void set(Field f, Object test, Object value) throws IllegalAccessException {
        f.setAccessible(true);
        f.set(test, value);
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        // a test may have put a world of its own into the field (a second daemon on the same home)
        Set<World> open = new LinkedHashSet<>();
        open.add(world);
        Object test = context.getRequiredTestInstance();
        for (Field f : test.getClass().getDeclaredFields()) {
            if (f.getType() == World.class) {
                f.setAccessible(true);
                if (f.get(test) instanceof World w) {
                    open.add(w);
                }
            }
        }
        open.forEach(World::close);
        // as @TempDir does: a file that cannot be removed (a journal reopened after close) fails the test
        try (Stream<Path> all = Files.walk(home)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
