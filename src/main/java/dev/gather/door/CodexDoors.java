package dev.gather.door;

import dev.gather.home.Homes;
import dev.gather.process.Processes;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Opens the {@link CodexQueueDoor} of a Codex pane: once a turn end has named the pane's thread (the
 * first message is typed), with the Codex program the pane runs (the native one behind npm's node
 * launcher, {@link CodexNative}), if its version has {@code codex queue}, and that process's
 * environment ({@code CODEX_HOME}, {@code HOME}, {@code PATH}), whose {@code CODEX_HOME} holds the
 * server's control socket.
 */
public final class CodexDoors implements DoorFactory {
    /** The first version {@code codex queue} was tried in; older ones are typed into. */
    static final int[] FIRST = {0, 169, 0};

    private static final Pattern VERSION = Pattern.compile("(\\d+)\\.(\\d+)\\.(\\d+)");

    private final Function<String, Optional<String>> threadOfPane;
    private final ScheduledExecutorService timer;
    private final Executor executor;
    private final Optional<Path> program;
    private final Map<String, Optional<String>> versions = new ConcurrentHashMap<>();

    /**
     * Doors for the threads {@code threadOfPane} learned from Codex's own turn ends; transcripts are
     * watched on {@code timer}, {@code codex queue} runs on {@code executor}.
     */
    public CodexDoors(
            Function<String, Optional<String>> threadOfPane, ScheduledExecutorService timer, Executor executor) {
        this(threadOfPane, timer, executor, Optional.empty());
    }

    private CodexDoors(
            Function<String, Optional<String>> threadOfPane,
            ScheduledExecutorService timer,
            Executor executor,
            Optional<Path> program) {
        this.threadOfPane = threadOfPane;
        this.timer = timer;
        this.executor = executor;
        this.program = program;
    }

    /**
     * The same doors, run through {@code program} instead of the pane's own Codex and its control
     * socket (tests take the door away; the benchmark times {@code codex queue} itself).
     */
    public CodexDoors through(Path program) {
        return new CodexDoors(threadOfPane, timer, executor, Optional.of(program));
    }

    /** What a Codex thread id looks like: a UUID, or at least one word that no program reads as an option or a path. */
    private static final Pattern THREAD_ID = Pattern.compile("[0-9A-Za-z][0-9A-Za-z_.-]{0,127}");

    /**
     * Whether {@code id} has the shape of a Codex thread id: it reaches {@code codex queue --thread}
     * and a search of Codex's sessions folder, so {@code --help} or {@code ../x} never may.
     */
    public static boolean threadId(String id) {
        return id != null && THREAD_ID.matcher(id).matches() && !id.contains("..");
    }

    @Override
    public Opening open(String pane, Supplier<OptionalLong> pid) {
        Optional<String> thread = threadOfPane.apply(pane);
        if (thread.isEmpty()) {
            return absent("no Codex thread known for " + pane + " yet (its first turn end names it)");
        }
        if (!threadId(thread.get())) {
            return absent("'" + thread.get() + "' is not the shape of a Codex thread id");
        }
        OptionalLong root = pid.get();
        Optional<Processes.ProcessArgs> codex = root.isPresent()
                ? Processes.arguments(root.getAsLong()).stream()
                        .filter(p -> codexProgram(p).isPresent())
                        .findFirst()
                : Optional.empty();
        if (codex.isEmpty()) {
            return absent("no Codex process found in " + pane + " (its process table is not readable here)");
        }
        // npm's launcher would start node for every message: its native program answers in half the time
        Path bin = program.orElseGet(
                () -> CodexNative.behind(codexProgram(codex.get()).orElseThrow()));
        Map<String, String> env = Processes.environment(codex.get().pid());
        Optional<String> version = versions.computeIfAbsent(bin.toString(), b -> version(bin, env));
        if (version.isEmpty()) {
            return absent(bin + " --version did not answer with a version");
        }
        if (!atLeast(version.get(), FIRST)) {
            return absent("Codex " + version.get() + " has no `codex queue` (0.169.0 has)");
        }
        // Codex's own home, as gather resolves every harness home (a CODEX_HOME set but empty is unset, not the
        // daemon's folder)
        Path home = Homes.of(env).codex();
        // the server's control socket first, unless this door was given a program to run instead
        Optional<Path> control =
                program.isPresent() ? Optional.empty() : Optional.of(home.resolve(CodexControl.SOCKET));
        return new Opening.Open(new CodexQueueDoor(
                bin,
                control,
                env,
                thread.get(),
                CodexRollout.find(home, thread.get(), timer),
                executor,
                CodexQueueDoor.ANSWER_WITHIN));
    }

    private static Opening absent(String why) {
        return new Opening.Absent(CodexQueueDoor.NAME, why);
    }

    /** The Codex program a process runs: {@code node …/bin/codex} (npm) or the native {@code codex}. */
    private static Optional<Path> codexProgram(Processes.ProcessArgs p) {
        return p.args().stream()
                .limit(2)
                .filter(a ->
                        a.startsWith("/") && Path.of(a).getFileName().toString().equals("codex"))
                .map(Path::of)
                .findFirst();
    }

    private static Optional<String> version(Path bin, Map<String, String> env) {
        try {
            ProcessBuilder pb = new ProcessBuilder(bin.toString(), "--version");
            pb.environment().clear();
            pb.environment().putAll(env);
            ChildRun.Result r = ChildRun.run(pb, Duration.ofSeconds(30));
            if (r.exit() != 0) {
                return Optional.empty();
            }
            Matcher m = VERSION.matcher(r.out());
            return m.find() ? Optional.of(m.group()) : Optional.empty();
        } catch (IOException | TimeoutException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    static boolean atLeast(String version, int[] first) {
        Matcher m = VERSION.matcher(version);
        if (!m.find()) {
            return false;
        }
        for (int i = 0; i < 3; i++) {
            int v = Integer.parseInt(m.group(i + 1));
            if (v != first[i]) {
                return v > first[i];
            }
        }
        return true;
    }
}
