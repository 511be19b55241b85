package dev.gather.agents;

import dev.gather.home.StateDir;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Turns a participant's agent (a kind such as {@code claude} or a command line) into the words to
 * run in its new pane. Kinds come from {@code $GATHER_HOME/agents.yaml} when present, over built-in
 * defaults; {@code {name}} in any word becomes the member's name, {@code {gather}} the gather launcher.
 */
public final class AgentCommands {
    /** The file name in the state directory. */
    public static final String FILE = "agents.yaml";

    private final Map<String, List<String>> kinds;
    private final List<String> gather;

    AgentCommands(Map<String, List<String>> kinds, List<String> gather) {
        this.kinds = Map.copyOf(kinds);
        this.gather = List.copyOf(gather);
    }

    /** The built-in kinds and, over them, those of {@code state}'s agents.yaml when it exists. */
    public static AgentCommands load(StateDir state) {
        return load(state.root().resolve(FILE), launcher());
    }

    static AgentCommands load(Path file, List<String> gather) {
        Map<String, List<String>> kinds = new LinkedHashMap<>(defaults());
        if (Files.exists(file)) {
            kinds.putAll(AgentsFile.read(file));
        }
        return new AgentCommands(kinds, gather);
    }

    static Map<String, List<String>> defaults() {
        Map<String, List<String>> d = new LinkedHashMap<>();
        d.put("claude", List.of("claude"));
        d.put("codex", List.of("codex"));
        d.put("gemini", List.of("gemini"));
        // a polite member: a first gathering of sims reads like a meeting, not a crowd talking at once
        d.put("sim", List.of("{gather}", "sim", "--name", "{name}", "--polite"));
        return d;
    }

    /**
     * The command for {@code kindOrCommand}: a known kind's words, else the string itself split as a
     * command line; placeholders filled in for {@code memberName}.
     */
    public List<String> command(String kindOrCommand, String memberName) {
        Objects.requireNonNull(memberName, "memberName");
        if (kindOrCommand == null || kindOrCommand.isBlank()) {
            throw new IllegalArgumentException(
                    "agent is empty; give a kind (" + String.join(", ", kinds()) + ") or a command line");
        }
        String key = kindOrCommand.strip();
        List<String> words = kinds.containsKey(key) ? kinds.get(key) : Words.split(key);
        List<String> out = new ArrayList<>();
        for (String w : words) {
            if (w.equals("{gather}")) {
                out.addAll(gather);
            } else {
                out.add(w.replace("{name}", memberName).replace("{gather}", String.join(" ", gather)));
            }
        }
        return List.copyOf(out);
    }

    /**
     * Why {@code kindOrCommand} cannot start, or empty when its program is found: a single word that
     * is neither a known kind nor a program on {@code path}, or a kind whose program is missing.
     */
    public Optional<String> problem(String kindOrCommand, String memberName, String path) {
        List<String> words;
        try {
            words = command(kindOrCommand, memberName);
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
        String program = words.get(0);
        if (findProgram(program, path)) {
            return Optional.empty();
        }
        String key = kindOrCommand.strip();
        if (kinds.containsKey(key)) {
            return Optional.of("agent kind '" + key + "' runs '" + program + "', which is not found on PATH");
        }
        if (Words.split(key).size() == 1) {
            return Optional.of("unknown agent kind '" + key + "' (known: " + String.join(", ", kinds())
                    + "), and no program '" + key + "' on PATH");
        }
        return Optional.of("agent command '" + key + "': program '" + program + "' is not found on PATH");
    }

    /** Whether {@code program} (a path, or a name looked up on {@code path}) is an executable file. */
    static boolean findProgram(String program, String path) {
        if (program.contains("/")) {
            return Files.isExecutable(Path.of(program)) && !Files.isDirectory(Path.of(program));
        }
        for (String dir : (path == null ? "" : path).split(":")) {
            if (!dir.isEmpty()) {
                Path p = Path.of(dir, program);
                if (Files.isExecutable(p) && !Files.isDirectory(p)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** How a kind is spelled: one word, no path, no option, nothing a shell would read. */
    private static final Pattern KIND = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    /**
     * Why another computer may not have {@code kind} started here, or empty when it may. A paired
     * computer names one of this computer's own kinds (built in or in agents.yaml), whose command the
     * person here chose; a command line, a path or an unknown word is never run for it.
     */
    public Optional<String> refusalForAnother(String kind) {
        if (kind != null && KIND.matcher(kind).matches() && kinds.containsKey(kind)) {
            return Optional.empty();
        }
        String shown = kind == null ? "" : kind.length() > 80 ? kind.substring(0, 80) + "…" : kind;
        return Optional.of("'" + shown + "' is not an agent kind of this computer (known: "
                + String.join(", ", kinds()) + "): another computer may start only a kind from this computer's "
                + FILE + ", never a command line or a path");
    }

    /** The known kinds, sorted. */
    public List<String> kinds() {
        return kinds.keySet().stream().sorted().toList();
    }

    /**
     * The JVM options bin/gather runs gather with unless {@code GATHER_JAVA_OPTS} says otherwise: an
     * agent's command (a sim) runs as briefly or as long as its pane, and the optimizing compiler and a
     * parallel collector cost it more start-up than they save.
     */
    static final String JAVA_OPTS = "-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xshare:auto";

    /**
     * The gather launcher beside the running code: {@code <project>/bin/gather} for both
     * target/gather.jar and target/classes; else a java command line for this class path, with the
     * options bin/gather would give it.
     */
    static List<String> launcher() {
        return launcherNear(codeLocation()).map(List::of).orElseGet(() -> {
            List<String> java = new ArrayList<>();
            java.add(ProcessHandle.current().info().command().orElse("java"));
            java.addAll(javaOptions(System.getenv()));
            java.addAll(List.of("-cp", System.getProperty("java.class.path"), "dev.gather.cli.Main"));
            return java;
        });
    }

    /** {@code GATHER_JAVA_OPTS} split at white space where it is set and not blank, as bin/gather reads it; else {@link #JAVA_OPTS}. */
    static List<String> javaOptions(Map<String, String> env) {
        String set = env.getOrDefault("GATHER_JAVA_OPTS", "");
        return List.of((set.isBlank() ? JAVA_OPTS : set).strip().split("\\s+"));
    }

    static Optional<String> launcherNear(Optional<Path> code) {
        // only a packaged jar has bin/gather beside it that works; classes (tests) launch java directly
        return code.map(Path::toAbsolutePath)
                .filter(p -> p.toString().endsWith(".jar"))
                .map(Path::getParent)
                .map(Path::getParent)
                .map(project -> project.resolve("bin/gather"))
                .filter(Files::isExecutable)
                .map(Path::toString);
    }

    private static Optional<Path> codeLocation() {
        try {
            return Optional.of(Path.of(AgentCommands.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI()));
        } catch (URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
