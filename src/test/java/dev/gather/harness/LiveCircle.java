package dev.gather.harness;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.home.Homes;
import dev.gather.install.Installer;
import dev.gather.journal.Transcript;
import dev.gather.tmux.Pane;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A circle of the pinned real harnesses for a gathering, each against its own fake model, spawned by
 * {@code gather start} from agents.yaml with {@code gather install} applied: kinds {@code claude},
 * {@code codex}, {@code gemini}, {@code claude-harvester} (a second Claude Code with a model of its own)
 * and {@code sim}. Closing it ends the harnesses, Codex's server, the daemon and the models.
 */
final class LiveCircle implements AutoCloseable {
    final LiveCodex live;
    final LiveWorld world;
    final FakeAnthropic claudeModel = new FakeAnthropic();
    final FakeGemini geminiModel = new FakeGemini();
    final FakeAnthropic harvesterModel = new FakeAnthropic();
    final List<Pane> members = new ArrayList<>();

    LiveCircle(Path dir) throws Exception {
        this.live = new LiveCodex(dir.resolve("codex"));
        this.world = live.world;
        ClaudeHome claude = new ClaudeHome(dir.resolve("claude-home"), claudeModel).prepare(List.of(live.work));
        ClaudeHome harvester =
                new ClaudeHome(dir.resolve("harvester-home"), harvesterModel).prepare(List.of(live.work));
        GeminiHome gemini = new GeminiHome(dir.resolve("gemini-home"), geminiModel).prepare(List.of(live.work));
        Map<String, String> claudeEnv = withTerm(claude.env());
        Map<String, String> harvesterEnv = withTerm(harvester.env());
        install("claude", claudeEnv);
        install("claude", harvesterEnv);
        install("gemini", gemini.env());
        world.agents(Map.of(
                "claude",
                        LiveWorld.withEnv(claudeEnv, NpmHarnesses.bin("claude").toString()),
                // named as its program: the daemon knows it is a Claude Code by that name
                "claude-harvester",
                        AgentScript.write(dir.resolve("harvester-home"), harvesterEnv, NpmHarnesses.bin("claude")),
                "codex",
                        LiveWorld.withEnv(
                                live.codex.env(), NpmHarnesses.bin("codex").toString()),
                "gemini",
                        LiveWorld.withEnv(
                                gemini.env(), NpmHarnesses.bin("gemini").toString()),
                // a quick harvester: its harvest lands while the models still answer the last words,
                // which reach them before the closing words all the same (EffectRunner, LastWordsTest)
                "sim", LiveWorld.sim("--name", "{name}", "--polite")));
    }

    private static Map<String, String> withTerm(Map<String, String> env) {
        Map<String, String> with = new HashMap<>(env);
        with.put("TERM", "xterm-256color");
        return with;
    }

    /** Writes {@code text} into the daemon's rhythms as {@code name}: a shipped rhythm, cut for a test. */
    void rhythm(String name, String text) throws IOException {
        Files.createDirectories(world.state.root().resolve("rhythms"));
        Files.writeString(world.state.root().resolve("rhythms").resolve(name + ".yaml"), text);
    }

    /** {@code gather start args…} as a person runs it; the gathering's id, its member panes adopted. */
    String start(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("start"));
        all.addAll(List.of(args));
        String started = world.gather(live.launcher.script(), live.work, all.toArray(String[]::new));
        Matcher g = Pattern.compile("started (g-\\S+)").matcher(started);
        assertTrue(g.find(), started);
        String id = g.group(1);
        world.entries(id, "start")
                .get(0)
                .path("spawned")
                .fieldNames()
                .forEachRemaining(p -> members.add(world.adopt(p)));
        return id;
    }

    /** Waits until gathering {@code id} closed with its harvest; a timeout shows the screens and {@link #story}. */
    void untilHarvested(String id, Duration atMost) {
        world.until(
                atMost,
                () -> world.entries(id, "close").stream()
                        .anyMatch(c -> c.path("text").asText().contains("harvest complete")),
                story(id),
                members.toArray(Pane[]::new));
    }

    /** What the circle did, so a failure under load can be read from the report. */
    Supplier<String> story(String id) {
        return () -> "journal of " + id + ":\n" + journal(id) + "\n" + live.lastWords() + "\n" + claudeModel.summary()
                + "\n" + geminiModel.summary() + "\nharvester's " + harvesterModel.summary();
    }

    /** The entries of kind {@code kind} of gathering {@code id}'s journal. */
    List<JsonNode> entries(String id, String kind) {
        return world.entries(id, kind);
    }

    /** Every entry of gathering {@code id}'s journal so far, in order. */
    List<JsonNode> journalEntries(String id) {
        return Transcript.read(world.state.journals().resolve(id + ".jsonl"));
    }

    private String journal(String id) {
        try {
            return Files.readString(world.state.journals().resolve(id + ".jsonl"));
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** {@code gather install harness} into the home {@code env} names, for this world's daemon. */
    private void install(String harness, Map<String, String> env) {
        Map<String, String> with = new HashMap<>(env);
        with.put("GATHER_HOME", world.state.root().toString());
        try {
            Installer.forHarness(harness, Homes.of(with), live.launcher.script(), Clock.systemUTC())
                    .install();
        } catch (Exception e) {
            throw new IllegalStateException("gather install " + harness + " failed", e);
        }
    }

    @Override
    public void close() {
        try {
            live.close();
        } finally {
            claudeModel.close();
            geminiModel.close();
            harvesterModel.close();
        }
    }
}
