package dev.gather.profile;

import dev.gather.about.Shipped;
import dev.gather.home.ConfigFile;
import dev.gather.process.Processes;
import dev.gather.rhythm.RhythmException;
import dev.gather.tmux.Terminal;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every harness profile this process knows: the shipped ones, overridden or added to by files in
 * the user's folder ({@code $GATHER_HOME/profiles}; never the working directory). A user file that
 * does not validate is reported and the shipped profile of that name stays.
 */
public final class Profiles {
    private static final Logger LOG = LoggerFactory.getLogger(Profiles.class);
    public static final List<String> SHIPPED = List.of("generic", "shell", "sim", "claude", "codex", "gemini");

    private final Map<String, Profile> byName;

    private Profiles(Map<String, Profile> byName) {
        this.byName = Map.copyOf(byName);
    }

    /** Only the profiles shipped inside gather. */
    public static Profiles shipped() {
        return load(List.of());
    }

    /** The shipped profiles overridden by valid files in {@code dirs} (earlier dirs win). */
    public static Profiles load(List<Path> dirs) {
        Map<String, Profile> found = new LinkedHashMap<>();
        for (String name : SHIPPED) {
            found.put(name, ProfileLoader.parse("(shipped) profiles/" + name + ".yaml", shippedText(name)));
        }
        List<Path> reversed = new ArrayList<>(dirs);
        Collections.reverse(reversed);
        for (Path dir : reversed) {
            List<Path> files;
            try {
                files = ConfigFile.yamlIn(dir);
            } catch (IOException e) {
                LOG.warn("cannot list profiles in {}: {}", dir, e.getMessage());
                continue;
            }
            for (Path f : files) {
                try {
                    Profile p = ProfileLoader.load(f, f.toString());
                    found.put(p.name(), p);
                } catch (RhythmException e) {
                    LOG.error("profile {} ignored:\n{}", f, e.getMessage());
                } catch (RuntimeException e) {
                    // unreadable, or anything else: one bad file never stops a daemon starting
                    LOG.error("profile {} ignored: {}", f, e.getMessage());
                }
            }
        }
        return new Profiles(found);
    }

    /** The profile called {@code name}, if any (case-insensitive). */
    public Optional<Profile> get(String name) {
        return Optional.ofNullable(name == null ? null : byName.get(name.toLowerCase(Locale.ROOT)));
    }

    /** The profile for an agent kind or hook harness name; unknown ones are {@code generic}. */
    public Profile forKind(String kind) {
        return get(kind).orElseGet(this::generic);
    }

    /** The profile whose recognised commands include {@code command} (a pane's current command). */
    public Optional<Profile> recognise(String command) {
        return byName.values().stream()
                .filter(p -> p.commands().contains(command))
                .findFirst();
    }

    /**
     * The profile for a pane whose current command is {@code command}: by that name first, else by a
     * command line of its process tree ({@code cmdlines}, read only when needed) matching an argv pattern.
     */
    public Optional<Profile> recognise(String command, Supplier<List<String>> cmdlines) {
        Optional<Profile> byCommand = recognise(command);
        if (byCommand.isPresent()) {
            return byCommand;
        }
        List<Profile> withArgv = byName.values().stream()
                .filter(p -> !p.argv().isEmpty())
                .sorted(Comparator.comparing(Profile::name))
                .toList();
        if (withArgv.isEmpty()) {
            return Optional.empty();
        }
        List<String> lines = cmdlines.get();
        return withArgv.stream()
                .filter(p -> p.argv().stream()
                        .anyMatch(a -> lines.stream().anyMatch(l -> a.matcher(l).find())))
                .findFirst();
    }

    /**
     * The profile to type into a pane with now, from what runs in its terminal: a shell at its prompt
     * always gets {@code shell} (shown, never typed), whatever was {@code known} of the pane; else the
     * known profile (what started the pane, or the harness its hooks named); else the program in the
     * foreground by its command or a command line of the pane's process tree; else, when the pane's
     * own process is a person's shell running a program gather does not know, {@code shell} again
     * (what that program leaves unread the shell would run); else {@code generic}.
     */
    public Profile forTerminal(Terminal t, Optional<Profile> known) {
        return forTerminal(t, known, PROC);
    }

    /** As {@link #forTerminal(dev.gather.tmux.Terminal, Optional)}, reading processes from {@code proc}. */
    Profile forTerminal(Terminal t, Optional<Profile> known, Path proc) {
        Profile shell = byName.get("shell");
        if (shell == null) {
            return known.orElseGet(
                    () -> recognise(t.command(), () -> commandLines(t)).orElseGet(this::generic));
        }
        ShellPrompt prompt = new ShellPrompt(shell.commands(), proc);
        if (prompt.inForeground(t)) {
            return shell;
        }
        if (known.isPresent()) {
            return known.get();
        }
        // a shell running a script is a program: known only by what its process tree runs
        Optional<Profile> seen = prompt.isShell(t.command())
                ? recognise("", () -> commandLines(t)).filter(p -> p != shell)
                : recognise(t.command(), () -> commandLines(t));
        if (seen.isPresent()) {
            return seen.get();
        }
        return prompt.underneath(t) ? shell : generic();
    }

    private static final Path PROC = Path.of("/proc");

    private static List<String> commandLines(Terminal t) {
        return Processes.commandLines(t.pid());
    }

    public Profile generic() {
        return byName.get("generic");
    }

    /** Every profile's name. */
    public List<String> names() {
        return byName.keySet().stream().sorted().toList();
    }

    private static String shippedText(String name) {
        return Shipped.text("/profiles/" + name + ".yaml", "shipped profile " + name);
    }
}
