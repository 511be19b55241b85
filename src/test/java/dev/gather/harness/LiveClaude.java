package dev.gather.harness;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.home.Homes;
import dev.gather.install.InstallException;
import dev.gather.install.Installer;
import dev.gather.journal.Transcript;
import dev.gather.profile.Profile;
import dev.gather.profile.Profiles;
import dev.gather.tmux.InputBox;
import dev.gather.tmux.Pane;
import dev.gather.tmux.SpawnSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Assertions;

/**
 * Real Claude Code panes for contract tests: a private tmux server, a private HOME prepared by
 * {@link ClaudeHome} with {@code gather install claude} applied, a {@link FakeAnthropic} as the
 * model, and an in-process daemon on its own state directory. Closing it kills the server and the
 * daemon.
 */
final class LiveClaude extends LiveDaemon implements AutoCloseable {
    static final Profile PROFILE = Profiles.shipped().forKind("claude");

    final FakeAnthropic model;
    final Path home;
    final Path work;
    private final ClaudeHome claudeHome;

    LiveClaude(Path tmp) throws IOException {
        super(tmp.resolve("gather"));
        this.model = new FakeAnthropic();
        this.home = tmp.resolve("home");
        this.work = tmp.resolve("work");
        Files.createDirectories(work);
        this.claudeHome = new ClaudeHome(home, model).prepare(List.of(work));
        install(launcher(tmp.resolve("launcher")));
    }

    /**
     * {@code gather install claude} into the private HOME. The launcher is a small script: the hook
     * line still runs the shell {@code bin/gather hook claude} (no JVM per turn), while {@code gather
     * mcp} runs from the test classpath, since target/gather.jar does not exist during the test phase.
     */
    private void install(Path launcher) throws IOException {
        try {
            Map<String, String> env =
                    Map.of("HOME", home.toString(), "GATHER_HOME", state.root().toString());
            Installer.forHarness("claude", Homes.of(env), launcher, Clock.systemUTC())
                    .install();
        } catch (InstallException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    static Path launcher(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path bin = Path.of("bin/gather").toAbsolutePath().normalize();
        String java = ProcessHandle.current().info().command().orElse("java");
        Path script = dir.resolve("gather");
        Files.writeString(
                script,
                "#!/bin/sh\n"
                        + "if [ \"$1\" = hook ]; then exec '" + bin + "' \"$@\"; fi\n"
                        + "exec '" + java + "' -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp '"
                        + System.getProperty("java.class.path") + "' dev.gather.cli.Main \"$@\"\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return script;
    }

    /** The environment a Claude pane runs with: the private HOME, the fake model, this daemon's state. */
    Map<String, String> env() {
        Map<String, String> env = new LinkedHashMap<>(claudeHome.env());
        env.put("GATHER_HOME", state.root().toString());
        env.put("LANG", "C.UTF-8");
        env.put("TERM", "xterm-256color");
        return env;
    }

    /** Starts Claude Code in a new session named {@code name}, in {@code cwd}, without waiting. */
    Pane start(String name, Path cwd) {
        return tmux.spawn(new SpawnSpec(name, List.of(NpmHarnesses.bin("claude").toString()), env(), cwd, 120, 40));
    }

    /** Starts Claude Code in the trusted work folder and waits until its input box is drawn and empty. */
    Pane claude(String name) {
        return claudes(name).get(0);
    }

    /** Starts Claude Code in the trusted work folder as each of {@code names} at once; waits until each box is drawn and empty. */
    List<Pane> claudes(String... names) {
        List<Pane> panes = Arrays.stream(names).map(n -> start(n, work)).toList();
        panes.forEach(p -> awaitBox(p, InputBox.State.EMPTY));
        return panes;
    }

    InputBox box() {
        return PROFILE.quirks().input().orElseThrow();
    }

    void awaitBox(Pane pane, InputBox.State state) {
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> box().read(screen(pane)) == state);
    }

    /** The delivery steps ("state: text") for member {@code to} of {@code journal}'s last {@code kind} entry saying {@code text}. */
    List<String> steps(String journal, String kind, String text, String to) {
        List<JsonNode> all = Transcript.read(state.journals().resolve(journal + ".jsonl"));
        int ref = IntStream.range(0, all.size())
                        .filter(i -> all.get(i).path("kind").asText().equals(kind)
                                && all.get(i).path("text").asText().equals(text))
                        .reduce((a, b) -> b)
                        .orElse(-1)
                + 1;
        return entries(journal, "delivery").stream()
                .filter(d ->
                        d.path("ref").asInt() == ref && d.path("to").asText().equals(to))
                .map(d -> d.path("state").asText() + ": " + d.path("text").asText())
                .toList();
    }

    /** The turn requests whose last user message contains {@code words}. */
    /** Fails naming them if any delivery step of {@code journal} failed. */
    void assertNoFailedStep(String journal) {
        List<JsonNode> failed = entries(journal, "delivery").stream()
                .filter(e -> e.path("state").asText().equals("failed"))
                .toList();
        Assertions.assertTrue(failed.isEmpty(), failed.toString());
    }

    List<FakeModel.Call> turnsWith(String words) {
        return model.turns().stream()
                .filter(c -> c.lastUserText().contains(words))
                .toList();
    }

    @Override
    public void close() {
        List<ProcessHandle> harnesses = List.of();
        try {
            harnesses = tmux.panes().stream()
                    .flatMap(p -> ProcessHandle.of(p.pid()).stream())
                    .toList();
            daemon.close();
        } finally {
            try {
                killServer();
            } catch (IllegalStateException e) {
                // tmux could not be run to kill it: go on to the harnesses and the model
            }
            // Claude writes its transcript as it exits: wait, or the temp folder is not empty yet
            harnesses.forEach(LiveClaude::awaitExit);
            model.close();
        }
    }

    private static void awaitExit(ProcessHandle h) {
        try {
            h.onExit().get(20, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            h.destroyForcibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
