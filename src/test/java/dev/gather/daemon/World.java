package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.home.Homes;
import dev.gather.home.StateDir;
import dev.gather.journal.JournalFiles;
import dev.gather.journal.JournalSchema;
import dev.gather.journal.Transcript;
import dev.gather.link.Link;
import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.testing.TestHomes;
import dev.gather.testing.TmuxServers;
import dev.gather.tmux.Pane;
import dev.gather.tmux.SpawnSpec;
import dev.gather.tmux.Tmux;
import dev.gather.tmux.TmuxConfig;
import dev.gather.tmux.Tmuxes;
import dev.gather.turn.HookEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * A real world for end-to-end tests: a private tmux server ({@code tmux -L gather-test-<uuid>}), a
 * private state directory, an in-process daemon on both, and simulated agents in panes. Closing it
 * kills the server.
 */
final class World implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();

    final String socket = "gather-test-" + UUID.randomUUID();
    /** Its state directory, and harness homes of its own, empty: never the developer's transcripts. */
    final Homes homes;

    final StateDir state;
    Tmux tmux;
    Daemon daemon;

    World(Path home) throws IOException {
        this(home, JournalFiles.REAL);
    }

    /** A world whose daemon writes its journals through {@code files} (a disk that can fail). */
    World(Path home, JournalFiles files) throws IOException {
        this.homes = TestHomes.under(home);
        this.state = homes.state();
        Files.createDirectories(home);
        this.tmux = Tmuxes.connect(TmuxConfig.socket(socket));
        this.daemon = new Daemon(homes, tmux, Clock.systemUTC(), files);
        daemon.start();
    }

    /**
     * Stops the daemon as {@code gather daemon --stop} does and starts a new one on the same state
     * directory and tmux server (an upgrade); the agents in the panes go on running.
     */
    void restartDaemon() throws IOException {
        restartDaemon(() -> {});
    }

    /** As {@link #restartDaemon()}, doing {@code meanwhile} while no daemon runs. */
    void restartDaemon(Runnable meanwhile) throws IOException {
        daemon.close();
        meanwhile.run();
        tmux = Tmuxes.connect(TmuxConfig.socket(socket));
        daemon = new Daemon(homes, tmux, Clock.systemUTC());
        daemon.start();
    }

    /** Starts {@code gather sim --name <name>} in its own session and waits until it is ready. */
    Pane sim(String name, String... extra) {
        Pane pane = startSim(name, extra);
        await().atMost(Duration.ofSeconds(30)).until(() -> screen(pane).contains(name + " is ready."));
        return pane;
    }

    /** Starts {@code gather sim --name <name>} (quick: 50 ms thinking unless {@code extra} says) in its own session, without waiting for it. */
    Pane startSim(String name, String... extra) {
        List<String> cmd = new ArrayList<>(ThisBuild.simCommand("--name", name));
        if (!List.of(extra).contains("--think-ms")) {
            cmd.addAll(List.of("--think-ms", "50"));
        }
        cmd.addAll(List.of(extra));
        return tmux.spawn(new SpawnSpec(
                name, cmd, Map.of("GATHER_HOME", state.root().toString(), "LANG", "C.UTF-8"), state.root(), 160, 40));
    }

    String screen(Pane pane) {
        return tmux.capture(pane.id(), 2000);
    }

    /** Sends one request through the dispatcher, as a client in {@code pane} would. */
    JsonNode call(Pane pane, String op, ObjectNode args) throws IOException {
        ObjectNode r = args.deepCopy().put("op", op);
        r.putObject("caller").put("pane", pane == null ? null : pane.id());
        return JSON.readTree(daemon.dispatcher.answer(JSON.writeValueAsString(r)));
    }

    /** A one-shot from {@code from} (null: a person outside every pane) to {@code to} (a pane id or name), asking no reply. */
    JsonNode tell(Pane from, String to, String message) throws IOException {
        return call(from, "send", args().put("to", to).put("message", message).put("expect_reply", false));
    }

    /** Links {@code from} directly with {@code to} (a pane id or name), sending {@code message} first; the link's id. */
    String link(Pane from, String to, String message) throws IOException {
        return link(from, to, null, message);
    }

    /** As {@link #link(Pane, String, String)}, the link calling the recipient {@code toName} (one on another computer). */
    String link(Pane from, String to, String toName, String message) throws IOException {
        ObjectNode args = args().put("to", to).put("message", message).put("direct", true);
        if (toName != null) {
            args.put("to_name", toName);
        }
        JsonNode answer = call(from, "send", args);
        assertTrue(answer.path("ok").asBoolean(), answer.toString());
        return answer.path("link").path("id").asText();
    }

    /** A link of {@code mode} made in the daemon itself, no handshake: each pane a speaker named by its session, in order. */
    Link linkInPanes(String mode, Pane... panes) {
        List<Member> members = new ArrayList<>();
        for (int i = 0; i < panes.length; i++) {
            members.add(Member.inPane(panes[i].session(), i + 1, Role.SPEAKER, panes[i].id()));
        }
        return daemon.links.create(mode, OptionalInt.empty(), members);
    }

    /** What the daemon's status says is degraded about {@code link}: empty when nothing is. */
    String degraded(String link) throws IOException {
        for (JsonNode l : call(null, "status", args()).path("links")) {
            if (l.path("id").asText().equals(link)) {
                return l.path("degraded").asText("");
            }
        }
        return "(no link " + link + ")";
    }

    /** A sim's turn end in {@code pane} saying {@code text}, {@code n} ms from now (what its hook would spool). */
    static HookEvent simTurn(String pane, long n, String text) {
        return new HookEvent("sim", pane, Instant.now().plusMillis(n), "{\"last_message\":\"" + text + "\"}");
    }

    static ObjectNode args() {
        return JSON.createObjectNode();
    }

    /** The journal entries of {@code id} so far. */
    List<JsonNode> journal(String id) {
        Path file = state.journals().resolve(id + ".jsonl");
        return Files.exists(file) ? Transcript.read(file) : List.of();
    }

    List<JsonNode> entries(String id, String kind) {
        return journal(id).stream()
                .filter(e -> e.path("kind").asText().equals(kind))
                .toList();
    }

    /** A script in {@code dir} running this build's gather (the jar may not be packaged yet when tests run). */
    static Path launcher(Path dir) throws IOException {
        Path script = dir.resolve("gather.sh");
        if (!Files.exists(script)) {
            Files.writeString(
                    script,
                    "#!/bin/sh\nexec '" + javaBin() + "' -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp '"
                            + System.getProperty("java.class.path") + "' dev.gather.cli.Main \"$@\"\n");
            script.toFile().setExecutable(true);
        }
        return script;
    }

    private static String javaBin() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    private boolean closed;

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        List<ProcessHandle> programs = panePrograms();
        daemon.close();
        tmux(socket, "kill-server");
        // the agents may still drop a last hook file while they die: the state directory is only free
        // to delete (a @TempDir) once they are gone
        await().atMost(Duration.ofSeconds(30)).until(() -> programs.stream().noneMatch(ProcessHandle::isAlive));
        // every end-to-end test is also a test of the journal's contract: what its daemons wrote is
        // what schemas/journal.schema.json says (a torn last line aside, which a crash leaves)
        List<String> problems = JournalSchema.problemsIn(state.journals());
        if (!problems.isEmpty()) {
            throw new AssertionError("journal lines the schema does not accept:\n" + String.join("\n", problems));
        }
    }

    /** Every process running in the server's panes, with their descendants. */
    private List<ProcessHandle> panePrograms() {
        List<ProcessHandle> all = new ArrayList<>();
        try {
            Process p = new ProcessBuilder("tmux", "-L", socket, "list-panes", "-a", "-F", "#{pane_pid}")
                    .redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(10, TimeUnit.SECONDS);
            for (String line : out.split("\n")) {
                if (line.strip().matches("\\d+")) {
                    ProcessHandle.of(Long.parseLong(line.strip())).ifPresent(h -> {
                        all.add(h);
                        h.descendants().forEach(all::add);
                    });
                }
            }
        } catch (IOException e) {
            // no server: no programs
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return all;
    }

    /** Runs {@code tmux -L socket args…} and waits for it (its output is not kept). */
    static void tmux(String socket, String... args) {
        if (List.of(args).equals(List.of("kill-server"))) {
            TmuxServers.kill(socket); // and every process of it, for good
            return;
        }
        List<String> cmd = new ArrayList<>(List.of("tmux", "-L", socket));
        cmd.addAll(List.of(args));
        try {
            new ProcessBuilder(cmd)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start()
                    .waitFor(10, TimeUnit.SECONDS);
        } catch (IOException e) {
            throw new IllegalStateException("cannot run tmux " + String.join(" ", args), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** agents.yaml kinds for gatherings of sims: speakers answer their prompts and pass; a harvester harvests. */
    static final String SIM_AGENTS =
            """
            agents:
              speaker: ["{gather}", sim, --name, "{name}", --think-ms, "30", --pass-after, "1", --reply-when, "(now with {name} |\\\\[Beat|Your turn is up)"]
              harvester: ["{gather}", sim, --name, "{name}", --think-ms, "30", --reply-when, "you are the harvester"]
            """;

    /**
     * An agents.yaml kind to add to {@link #SIM_AGENTS}: a speaker that answers its turn and beats but
     * never passes, so its turns last until the final beat's grace. A gathering then stands at its turn
     * until the test acts, however fast the machine.
     */
    static final String TALKER =
            """
              talker: ["{gather}", sim, --name, "{name}", --think-ms, "30", --reply-when, "(now with {name} |\\\\[Beat|Your turn is up)"]
            """;

    /**
     * An agents.yaml kind to add to {@link #SIM_AGENTS}: a speaker that thinks 1.5 s before it answers
     * and passes, so the gathering's breath lasts seconds, not the few hundred milliseconds quick sims
     * take on a fast machine, and a test's step lands while the gathering is still where it waited.
     */
    static final String SLOW =
            """
              slow: ["{gather}", sim, --name, "{name}", --think-ms, "1500", --pass-after, "1", --reply-when, "(now with {name} |\\\\[Beat|Your turn is up)"]
            """;
}
