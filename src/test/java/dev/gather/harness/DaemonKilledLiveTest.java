package dev.gather.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.client.DaemonClient;
import dev.gather.client.DaemonPid;
import dev.gather.daemon.ThisBuild;
import dev.gather.home.Homes;
import dev.gather.home.StateDir;
import dev.gather.install.Installer;
import dev.gather.journal.Transcript;
import dev.gather.testing.TmuxServers;
import dev.gather.tmux.InputBox;
import dev.gather.tmux.Pane;
import dev.gather.tmux.SpawnSpec;
import dev.gather.tmux.Tmux;
import dev.gather.tmux.TmuxConfig;
import dev.gather.tmux.Tmuxes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real Claude Code and Codex in a direct link, served by a daemon process that is killed (SIGKILL)
 * while one of them answers: that answer's turn end (the shell hook) brings a daemon back by itself,
 * the link goes on to its budget, every answer relayed once and in turn, and no delivery is left
 * short of confirmed. No command is run after the kill.
 */
@Live
class DaemonKilledLiveTest {
    private static final int BUDGET = 6;

    @TempDir
    Path dir;

    private final String socket = "gather-test-" + UUID.randomUUID();
    private FakeAnthropic claudeModel;
    private FakeOpenAI codexModel;
    private CodexHome codex;
    private Tmux tmux;
    private Path launcher;
    private StateDir state;

    @AfterEach
    void stop() throws Exception {
        try {
            if (codex != null) {
                codex.stopServers();
            }
            TmuxServers.kill(socket);
            if (launcher != null) {
                gather("daemon", "--stop");
            }
            DaemonPid.living(state).ifPresent(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy));
        } finally {
            if (tmux != null) {
                tmux.close();
            }
            if (claudeModel != null) {
                claudeModel.close();
            }
            if (codexModel != null) {
                codexModel.close();
            }
        }
    }

    @LiveTest
    void aKilledDaemonComesBackAtTheNextTurnEndAndTheLinkGoesOnWithNothingLostOrTwice() throws Exception {
        Path work = Files.createDirectories(dir.resolve("work"));
        state = new StateDir(Files.createDirectories(dir.resolve("gather")));
        Files.createDirectories(state.root().resolve("rhythms"));
        Files.writeString(
                state.root().resolve("rhythms/direct.yaml"),
                new String(
                                getClass()
                                        .getResourceAsStream("/rhythms/direct.yaml")
                                        .readAllBytes(),
                                StandardCharsets.UTF_8)
                        .replace("turn_budget: 40", "turn_budget: " + BUDGET));
        launcher = launcher(dir.resolve("launcher"));
        claudeModel = new FakeAnthropic();
        codexModel = new FakeOpenAI();
        AtomicInteger said = new AtomicInteger();
        // every turn of either answers what the other said (nothing else is typed into them); bo thinks
        // for 3 s, and its second turn until the daemon is dead: its turn end comes after the kill
        CountDownLatch killed = new CountDownLatch(1);
        AtomicInteger boTurns = new AtomicInteger();
        claudeModel.script(c -> Reply.text("ada answers, " + said.incrementAndGet()));
        codexModel.script(c -> {
            if (FakeOpenAI.turn(c) && boTurns.incrementAndGet() == 2) {
                try {
                    killed.await(2, TimeUnit.MINUTES);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return new Reply.Text("bo answers, " + said.incrementAndGet(), Duration.ofSeconds(3));
        });
        Path claudeHome = dir.resolve("claude-home");
        ClaudeHome claude = new ClaudeHome(claudeHome, claudeModel).prepare(List.of(work));
        Map<String, String> claudeEnv = new HashMap<>(claude.env());
        claudeEnv.put("GATHER_HOME", state.root().toString());
        Installer.forHarness("claude", Homes.of(claudeEnv), launcher, Clock.systemUTC())
                .install();
        codex = new CodexHome(dir.resolve("codex-home"), codexModel).prepare(List.of(work));
        Installer.forHarness("codex", Homes.of(codex.env()), launcher, Clock.systemUTC())
                .install();
        codex.approveGatherTools();

        assertEquals(0, gather("status"), "a daemon process runs");
        tmux = Tmuxes.connect(TmuxConfig.socket(socket));
        Pane ada = spawn("ada", "claude", claudeEnv, work);
        Pane bo = spawn("bo", "codex", codex.env(), work);
        for (Pane p : List.of(ada, bo)) {
            InputBox box = p == ada ? LiveClaude.PROFILE.quirks().input().orElseThrow() : LiveCodex.BOX;
            Awaitility.await()
                    .atMost(Duration.ofSeconds(120))
                    .until(() -> box.read(tmux.capture(p.id(), 0)) == InputBox.State.EMPTY);
        }
        // each harness starts a gather mcp (a JVM): typing while they load races a busy machine
        Path tools = dir.resolve("launcher/mcp.out");
        until(
                Duration.ofSeconds(120),
                () -> Files.exists(tools)
                        && Files.readAllLines(tools).stream()
                                        .filter(l -> l.contains("\"tools\":[{"))
                                        .count()
                                >= 2,
                "none",
                ada,
                bo);
        DaemonClient client = new DaemonClient(state, Optional.empty()).onBehalfOf(ada.id());
        String link = client.call(client.request("send")
                        .put("to", bo.id())
                        .put("message", "Hello bo, tell me something.")
                        .put("direct", true))
                .path("link")
                .path("id")
                .asText();
        // bo's model has ada's answer and thinks: its turn end is coming, and only it can bring a daemon back
        until(Duration.ofSeconds(240), () -> codexModel.calls(FakeOpenAI::turn).size() >= 2, link, ada, bo);
        long first = DaemonPid.living(state).orElseThrow();
        ProcessHandle.of(first).orElseThrow().destroyForcibly();
        Awaitility.await()
                .atMost(Duration.ofSeconds(30))
                .until(() -> ProcessHandle.of(first).map(p -> !p.isAlive()).orElse(true));
        killed.countDown();

        // from here on no command runs: a turn end brings the daemon back, and the link goes on
        Awaitility.await().atMost(Duration.ofSeconds(90)).until(() -> DaemonPid.living(state).stream()
                .anyMatch(p -> p != first));
        assertNotEquals(first, DaemonPid.living(state).orElseThrow());
        Awaitility.await().atMost(Duration.ofSeconds(240)).until(() -> !entries(link, "close")
                .isEmpty());
        List<JsonNode> relays = relays(link);
        assertEquals(BUDGET, relays.size(), relays::toString);
        for (int i = 0; i < relays.size(); i++) {
            // bo answers ada's opening message first
            assertEquals(i % 2 == 0 ? "bo" : "ada", relays.get(i).path("from").asText(), relays::toString);
        }
        assertEquals(
                relays.size(),
                relays.stream().map(r -> r.path("text").asText()).distinct().count(),
                "no answer relayed twice");
        // the last answer is confirmed by its reader's next turn end, after the link closed
        until(Duration.ofSeconds(120), () -> unconfirmed(link).isEmpty(), link, ada, bo);
    }

    /** Waits for {@code condition}; a timeout shows both screens and the link's journal. */
    private void until(Duration atMost, Callable<Boolean> condition, String link, Pane... panes) {
        try {
            Awaitility.await().atMost(atMost).until(condition);
        } catch (ConditionTimeoutException e) {
            StringBuilder shown = new StringBuilder(e.getMessage());
            for (Pane p : panes) {
                shown.append("\n--- ")
                        .append(p.session())
                        .append(":\n")
                        .append(tmux.capture(p.id(), 0).stripTrailing());
            }
            Path file = state.journals().resolve(link + ".jsonl");
            shown.append("\n--- unconfirmed:\n").append(Files.exists(file) ? unconfirmed(link) : "none");
            shown.append("\n--- journal:\n").append(Files.exists(file) ? Transcript.read(file) : "none");
            shown.append("\n--- models:\n").append(claudeModel.summary()).append(codexModel.summary());
            shown.append("\n--- codex transcripts:\n")
                    .append(DaemonDiagnosis.rollouts(codex.codexHome().resolve("sessions")));
            shown.append("\n--- daemon log (tail):\n").append(DaemonDiagnosis.tail(state.log(), 60));
            shown.append("\n--- daemon threads:\n").append(DaemonDiagnosis.threads(state));
            throw new AssertionError(shown.toString(), e);
        }
    }

    private Pane spawn(String name, String harness, Map<String, String> env, Path cwd) {
        Map<String, String> all = new HashMap<>(env);
        all.put("GATHER_HOME", state.root().toString());
        all.put("GATHER_TMUX_SOCKET", socket);
        all.put("LANG", "C.UTF-8");
        all.put("TERM", "xterm-256color");
        return tmux.spawn(new SpawnSpec(name, List.of(NpmHarnesses.bin(harness).toString()), all, cwd, 120, 40));
    }

    /** A launcher whose hook is an installation of this build's bin/gather (it can start a daemon). */
    private static Path launcher(Path at) throws Exception {
        Path hook = ThisBuild.install(at.resolve("install"));
        String java = ProcessHandle.current().info().command().orElse("java");
        Path script = at.resolve("gather");
        String jvm = "'" + java + "' -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp '"
                + System.getProperty("java.class.path") + "' dev.gather.cli.Main \"$@\"";
        Files.writeString(
                script,
                "#!/bin/sh\n"
                        + "if [ \"$1\" = hook ]; then exec '" + hook + "' \"$@\"; fi\n"
                        + "if [ \"$1\" = mcp ]; then " + jvm + " | tee -a '" + at.resolve("mcp.out") + "'; exit; fi\n"
                        + "exec " + jvm + "\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return script;
    }

    private int gather(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(launcher.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("GATHER_HOME", state.root().toString());
        pb.environment().put("GATHER_TMUX_SOCKET", socket);
        pb.environment().remove("TMUX_PANE");
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        p.getOutputStream().close();
        return p.waitFor(60, TimeUnit.SECONDS) ? p.exitValue() : -1;
    }

    private List<JsonNode> entries(String link, String kind) {
        Path file = state.journals().resolve(link + ".jsonl");
        return (Files.exists(file) ? Transcript.read(file) : List.<JsonNode>of())
                .stream().filter(e -> e.path("kind").asText().equals(kind)).toList();
    }

    private List<JsonNode> relays(String link) {
        return entries(link, "relay").stream()
                .filter(r -> !r.path("sent").asBoolean(false))
                .toList();
    }

    private Map<String, String> unconfirmed(String link) {
        Path file = state.journals().resolve(link + ".jsonl");
        return Transcript.lastSteps(Transcript.read(file)).entrySet().stream()
                .filter(e -> !e.getValue().path("state").asText().equals("confirmed"))
                .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().toString()));
    }
}
