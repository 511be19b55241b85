package dev.gather.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.client.DaemonClient;
import dev.gather.harness.AgentScript;
import dev.gather.harness.ClaudeHome;
import dev.gather.harness.CodexHome;
import dev.gather.harness.FakeAnthropic;
import dev.gather.harness.FakeGemini;
import dev.gather.harness.FakeModel;
import dev.gather.harness.FakeOpenAI;
import dev.gather.harness.GeminiHome;
import dev.gather.harness.Reply;
import dev.gather.home.Homes;
import dev.gather.home.StateDir;
import dev.gather.install.Installer;
import dev.gather.journal.Transcript;
import dev.gather.process.Processes;
import dev.gather.tmux.ControlModeTmux;
import dev.gather.tmux.TmuxConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * One gathering of the pinned real Claude Code (Ada), Codex (Bo) and Gemini CLI (Cy) as speakers and a
 * second Claude Code (Hal) as harvester, each against its own fake model (offline), spawned by a real
 * daemon process from agents.yaml with {@code gather install} applied to each harness's home: what a
 * user's gathering of real agents does, measured at the models.
 */
final class RealGathering {
    /** The members, in speaking order, then the harvester: name → agent kind. */
    static final Map<String, String> MEMBERS = members();

    /** Where the pinned harnesses are: each kind's program, and the launcher their hooks run. */
    record Harnesses(Map<String, Path> programs, Path launcher) {}

    /**
     * What one gathering did: its journal, each member's fake model (its request log), and how long
     * from the start request to the close.
     */
    record Outcome(List<JsonNode> journal, Map<String, FakeModel> models, Duration toClose) {
        /** The journal's entries of kind {@code kind}. */
        List<JsonNode> entries(String kind) {
            return journal.stream()
                    .filter(e -> e.path("kind").asText().equals(kind))
                    .toList();
        }

        /** The model calls that were turns (what a harness asks its model to answer), over every member. */
        int modelCalls() {
            return models.values().stream().mapToInt(m -> turns(m).size()).sum();
        }

        /** Characters of every request sent to the models (turns and side requests): a token proxy. */
        long charactersSent() {
            return models.values().stream()
                    .flatMap(m -> m.calls().stream())
                    .mapToLong(c -> c.body().toString().length())
                    .sum();
        }
    }

    private RealGathering() {}

    /** Why the pinned harnesses cannot run here, or empty when all three and bin/gather are found. */
    static Optional<String> missing(Path cache) {
        return List.of("claude", "codex", "gemini").stream()
                .map(bin -> PinnedHarnesses.missing(cache, bin))
                .flatMap(Optional::stream)
                .findFirst();
    }

    /** The pinned harnesses in {@code cache} and bin/gather: call only when {@link #missing} is empty. */
    static Harnesses pinned(Path cache) {
        Map<String, Path> programs = new HashMap<>();
        for (String bin : List.of("claude", "codex", "gemini")) {
            programs.put(bin, PinnedHarnesses.npm(cache, bin).orElseThrow());
        }
        return new Harnesses(Map.copyOf(programs), PinnedHarnesses.launcher().orElseThrow());
    }

    private static Map<String, String> members() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("Ada", "claude");
        m.put("Bo", "codex");
        m.put("Cy", "gemini");
        m.put("Hal", "claude-harvester");
        return m;
    }

    /** A member's model calls that were turns of its conversation. */
    static List<FakeModel.Call> turns(FakeModel model) {
        if (model instanceof FakeAnthropic claude) {
            return claude.turns();
        }
        return model instanceof FakeOpenAI ? model.calls(FakeOpenAI::turn) : model.calls(FakeGemini::turn);
    }

    /**
     * Runs {@code rhythm} (a file written into the gathering's home, or a shipped name when {@code
     * rhythmText} is empty) in {@code dir} to its close, each member's model answering by {@code scripts}
     * (by member name), and asking {@code question} when given.
     */
    static Outcome run(
            Path dir,
            Harnesses harnesses,
            String rhythm,
            Optional<String> rhythmText,
            Map<String, Function<FakeModel.Call, Reply>> scripts,
            Optional<String> question,
            Duration atMost)
            throws Exception {
        Map<String, FakeModel> models = new LinkedHashMap<>();
        List<CodexHome> codexHomes = new ArrayList<>();
        String socket = BenchContext.privateSocket();
        Path home = Files.createDirectories(dir.resolve("gather"));
        Path work = Files.createDirectories(dir.resolve("work"));
        StateDir state = new StateDir(home);
        ControlModeTmux tmux = null;
        Process daemon = null;
        try {
            models.put("Ada", new FakeAnthropic());
            models.put("Bo", new FakeOpenAI());
            models.put("Cy", new FakeGemini());
            models.put("Hal", new FakeAnthropic());
            scripts.forEach((name, script) -> models.get(name).script(script));
            Map<String, List<String>> agents = new LinkedHashMap<>();
            for (Map.Entry<String, String> m : MEMBERS.entrySet()) {
                agents.put(
                        m.getValue(),
                        agent(
                                m.getValue(),
                                dir.resolve("home-" + m.getKey()),
                                models.get(m.getKey()),
                                work,
                                home,
                                harnesses,
                                codexHomes));
            }
            StringBuilder yaml = new StringBuilder("agents:\n");
            for (Map.Entry<String, List<String>> a : agents.entrySet()) {
                yaml.append("  ")
                        .append(a.getKey())
                        .append(": ")
                        .append(FakeModel.JSON.writeValueAsString(a.getValue()))
                        .append('\n');
            }
            Files.writeString(home.resolve("agents.yaml"), yaml);
            if (rhythmText.isPresent()) {
                Files.createDirectories(home.resolve("rhythms"));
                Files.writeString(home.resolve("rhythms").resolve(rhythm + ".yaml"), rhythmText.get());
            }
            daemon = BenchDaemon.start(home, socket);
            tmux = ControlModeTmux.connect(TmuxConfig.socket(socket));
            DaemonClient client = new DaemonClient(state, Optional.empty());
            // the members start in the work folder each harness's home trusts, as gather start from there does
            ObjectNode start =
                    client.request("start_gathering").put("rhythm", rhythm).put("cwd", work.toString());
            question.ifPresent(q -> start.put("question", q));
            ArrayNode ps = start.putArray("participants");
            MEMBERS.forEach((name, kind) -> ps.addObject()
                    .put("name", name)
                    .put("role", kind.endsWith("harvester") ? "harvester" : "speaker")
                    .put("agent", kind));
            Instant started = Instant.now();
            JsonNode answer = client.call(start);
            if (!answer.path("ok").asBoolean(true)
                    || answer.path("gathering_id").asText().isEmpty()) {
                throw new IllegalStateException("the gathering did not start: " + answer);
            }
            Path journal = state.journals().resolve(answer.path("gathering_id").asText() + ".jsonl");
            Instant closed = closed(journal, started.plus(atMost), models);
            // what the models are still asked after the close is cost too: count it once they are quiet
            quiet(models, Duration.ofSeconds(3), Duration.ofSeconds(60));
            return new Outcome(Transcript.read(journal), models, Duration.between(started, closed));
        } finally {
            end(tmux, daemon, state, socket, codexHomes, models);
        }
    }

    /** Ends what a run started, each part whatever the others did: panes, daemon, Codex's servers, tmux, models. */
    private static void end(
            ControlModeTmux tmux,
            Process daemon,
            StateDir state,
            String socket,
            List<CodexHome> codexHomes,
            Map<String, FakeModel> models)
            throws IOException, InterruptedException {
        try {
            if (tmux != null) {
                // a node harness may ignore the hang-up and outlive tmux
                tmux.panes().forEach(p -> Processes.endTree(p.pid(), Duration.ofSeconds(10)));
            }
            if (daemon != null) {
                BenchDaemon.stop(daemon, state);
            }
        } finally {
            // each Codex home's background server outlives its TUIs and tmux
            codexHomes.forEach(CodexHome::stopServers);
            BenchDaemon.killTmuxServer(socket);
            if (tmux != null) {
                tmux.close();
            }
            models.values().forEach(FakeModel::close);
        }
    }

    /** The command line agents.yaml gives {@code kind}: the pinned harness in its own home, gather installed. */
    private static List<String> agent(
            String kind,
            Path dir,
            FakeModel model,
            Path work,
            Path gatherHome,
            Harnesses harnesses,
            List<CodexHome> codexHomes)
            throws Exception {
        String harness = kind.replace("-harvester", "");
        Map<String, String> env = new HashMap<>(
                switch (harness) {
                    case "claude" -> new ClaudeHome(dir, model)
                            .prepare(List.of(work))
                            .env();
                    case "gemini" -> new GeminiHome(dir, model)
                            .prepare(List.of(work))
                            .env();
                    default -> {
                        CodexHome codex = new CodexHome(dir, model).prepare(List.of(work));
                        codexHomes.add(codex);
                        yield codex.env();
                    }
                });
        if (harness.equals("claude")) {
            env.put("TERM", "xterm-256color");
        }
        Map<String, String> installEnv = new HashMap<>(env);
        installEnv.put("GATHER_HOME", gatherHome.toString());
        Installer.forHarness(harness, Homes.of(installEnv), harnesses.launcher(), Clock.systemUTC())
                .install();
        return AgentScript.write(dir, env, harnesses.programs().get(harness));
    }

    /** When the gathering's journal says it closed; fails past {@code deadline}, naming what the models were asked. */
    private static Instant closed(Path journal, Instant deadline, Map<String, FakeModel> models)
            throws InterruptedException {
        while (Instant.now().isBefore(deadline)) {
            if (Files.exists(journal)) {
                Optional<JsonNode> close = Transcript.read(journal).stream()
                        .filter(e -> e.path("kind").asText().equals("close"))
                        .findFirst();
                if (close.isPresent()) {
                    return Instant.parse(close.get().path("time").asText());
                }
            }
            // the journal file is the daemon's: it has no event to wait on from another process
            Thread.sleep(500);
        }
        StringBuilder why = new StringBuilder("the gathering did not close in time; what the models were asked:");
        models.forEach((name, m) -> why.append("\n").append(name).append(": ").append(m.summary()));
        throw new IllegalStateException(why.toString());
    }

    /** Returns once no model was called for {@code still}, or after {@code atMost}. */
    private static void quiet(Map<String, FakeModel> models, Duration still, Duration atMost)
            throws InterruptedException {
        Instant end = Instant.now().plus(atMost);
        while (Instant.now().isBefore(end)) {
            Instant last = models.values().stream()
                    .flatMap(m -> m.calls().stream())
                    .map(FakeModel.Call::at)
                    .max(Instant::compareTo)
                    .orElse(Instant.EPOCH);
            if (last.plus(still).isBefore(Instant.now())) {
                return;
            }
            // the harnesses are other processes: their last request is the only sign they are done
            Thread.sleep(500);
        }
    }
}
