package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.client.DaemonClient;
import dev.gather.client.DaemonPid;
import dev.gather.home.StateDir;
import dev.gather.journal.Transcript;
import dev.gather.testing.Beside;
import dev.gather.testing.Fixtures;
import dev.gather.turn.Spool;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A daemon killed (SIGKILL) or stopped ({@code gather daemon --stop}) in the middle of a direct link
 * comes back by itself: a direct link makes no calls, so the next turn end of one of its agents starts
 * a new daemon, which relays what was spooled meanwhile and settles what the old one delivered; the
 * link goes on to its end with nothing lost, nothing said twice, and every delivery confirmed.
 */
@Beside
class DaemonRevivalTest {
    /** A direct link closes after this many turns: enough to die twice in, few enough to wait for. */
    private static final int BUDGET = 14;

    @TempDir
    Path home;

    @RegisterExtension
    final DaemonProcesses daemons = new DaemonProcesses(() -> home);

    @Test
    void aDirectLinkGoesOnByItselfAfterTheDaemonIsKilledAndAfterItIsStopped() throws Exception {
        Files.createDirectories(home.resolve("rhythms"));
        Files.writeString(
                home.resolve("rhythms/direct.yaml"),
                Fixtures.text("rhythms/direct.yaml").replace("turn_budget: 40", "turn_budget: " + BUDGET));
        Cli.Result status = run("status");
        assertEquals(0, status.code(), () -> "a daemon runs:\n" + status.out());
        String ada = sim("Ada");
        sim("Bo");

        DaemonClient client = new DaemonClient(new StateDir(home), Optional.empty()).onBehalfOf(ada);
        JsonNode linked = client.call(client.request("send")
                .put("to", "Bo")
                .put("message", "Hello Bo")
                .put("direct", true));
        String link = linked.path("link").path("id").asText();
        await().atMost(Duration.ofSeconds(60)).until(() -> relays(link).size() >= 3);

        long first =
                whileAnAgentThinks(pid -> ProcessHandle.of(pid).orElseThrow().destroyForcibly());
        // from here on no command runs: only the agents' turn ends
        long second = cameBack(link, first);

        whileAnAgentThinks(pid -> {
            try {
                assertEquals(0, run("daemon", "--stop").code());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        cameBack(link, second);

        await().atMost(Duration.ofSeconds(120))
                .until(() -> !entries(link, "close").isEmpty());
        List<JsonNode> relays = relays(link);
        assertEquals(
                BUDGET,
                relays.stream().filter(r -> !r.path("sent").asBoolean(false)).count(),
                () -> "every turn relayed once, to the budget: " + relays);
        for (int i = 0; i < relays.size(); i++) {
            String from = i % 2 == 0 ? "Ada" : "Bo";
            assertEquals(from, relays.get(i).path("from").asText(), "the turns alternate, none lost: " + relays);
        }
        assertEquals(
                relays.size(),
                relays.stream().map(r -> r.path("text").asText()).distinct().count(),
                "no turn relayed twice");
        // the last turn closes the link by its budget: its delivery may still be on its way
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> everyTurnHeardOnce(relays));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertEquals(Map.of(), unconfirmed(link)));
    }

    @Test
    void aTurnThatFoundTheDaemonAliveBringsItBackWhenItDiesBeforeTakingTheTurn() throws Exception {
        assertEquals(0, run("status").code(), "a daemon runs");
        String ada = sim("Ada");
        sim("Bo");
        DaemonClient client = new DaemonClient(new StateDir(home), Optional.empty()).onBehalfOf(ada);
        String link = client.call(client.request("send")
                        .put("to", "Bo")
                        .put("message", "Hello Bo")
                        .put("direct", true))
                .path("link")
                .path("id")
                .asText();
        // frozen while an agent thinks: its turn ends on a daemon that lives but takes nothing
        long pid = whileAnAgentThinks(p -> signal("STOP", p), false);
        Path in = new Spool(new StateDir(home).spool()).incoming();
        await().atMost(Duration.ofSeconds(60))
                .until(() -> Files.list(in).findAny().isPresent());
        ProcessHandle.of(pid).orElseThrow().destroyForcibly();
        // no command runs and nobody else has a turn to end: the sim that found it alive brings it back
        cameBack(link, pid);
    }

    private static boolean spooled(Path in) throws IOException {
        try (Stream<Path> files = Files.list(in)) {
            return files.findAny().isPresent();
        }
    }

    private static void signal(String name, long pid) {
        try {
            assertEquals(
                    0,
                    new ProcessBuilder("kill", "-" + name, Long.toString(pid))
                            .start()
                            .waitFor());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void everyTurnHeardOnce(List<JsonNode> relays) throws IOException {
        for (String name : List.of("Ada", "Bo")) {
            List<String> heard = SimLog.inputs(home.resolve(name + ".log"));
            assertEquals(heard.size(), new HashSet<>(heard).size(), () -> name + " was typed nothing twice: " + heard);
            for (JsonNode r : relays) {
                if (!r.path("from").asText().equals(name)) {
                    String typed = "[" + r.path("from").asText() + "] ("
                            + r.path("from_number").asInt() + "):\n\n"
                            + r.path("text").asText();
                    assertEquals(1, heard.stream().filter(typed::equals).count(), () -> name + " heard " + typed);
                }
            }
        }
    }

    /** Waits until an agent is mid-turn (so a turn end is coming), then does {@code what} to the daemon. */
    private long whileAnAgentThinks(LongConsumer what) {
        return whileAnAgentThinks(what, true);
    }

    private long whileAnAgentThinks(LongConsumer what, boolean ends) {
        long pid = DaemonPid.living(new StateDir(home)).orElseThrow();
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> thinking("Ada") || thinking("Bo"));
        what.accept(pid);
        if (ends) {
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true));
        }
        return pid;
    }

    /** A new daemon runs within seconds of the old one's end, and the link goes on on it. */
    private long cameBack(String link, long old) {
        int before = relays(link).size();
        // a new daemon's JVM starts in seconds on a quiet machine; a clean-clone run beside the live
        // harness classes took over 30 s
        await().atMost(Duration.ofSeconds(90))
                .until(() -> DaemonPid.living(new StateDir(home)).stream().anyMatch(p -> p != old));
        long now = DaemonPid.living(new StateDir(home)).orElseThrow();
        assertNotEquals(old, now);
        await().atMost(Duration.ofSeconds(60)).until(() -> relays(link).size() >= Math.min(BUDGET, before + 2));
        return now;
    }

    /** Deliveries whose last step is not confirmed: never left hanging once the link has ended. */
    private Map<String, String> unconfirmed(String link) {
        return Transcript.lastSteps(journal(link)).entrySet().stream()
                .filter(e -> !e.getValue().path("state").asText().equals("confirmed"))
                .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().toString()));
    }

    private String sim(String name) throws Exception {
        String cmd = String.join(
                " ",
                ThisBuild.simCommand(
                        "--name",
                        name,
                        "--think-ms",
                        "1200",
                        "--log",
                        home.resolve(name + ".log").toString()));
        World.tmux(
                daemons.socket,
                "new-session",
                "-d",
                "-s",
                name,
                "-x",
                "160",
                "-y",
                "40",
                "-e",
                "GATHER_HOME=" + home,
                "-e",
                "GATHER_TMUX_SOCKET=" + daemons.socket,
                cmd);
        await().atMost(Duration.ofSeconds(30)).until(() -> screen(name).contains(name + " is ready."));
        return tmuxOut("display-message", "-p", "-t", name, "#{pane_id}").strip();
    }

    private boolean thinking(String name) {
        List<String> lines = screen(name).lines().filter(l -> !l.isBlank()).toList();
        return !lines.isEmpty() && lines.get(lines.size() - 1).contains("is thinking)");
    }

    private List<JsonNode> journal(String link) {
        Path f = home.resolve("journal").resolve(link + ".jsonl");
        return Files.exists(f) ? Transcript.read(f) : List.of();
    }

    private List<JsonNode> entries(String link, String kind) {
        return journal(link).stream()
                .filter(e -> e.path("kind").asText().equals(kind))
                .toList();
    }

    private List<JsonNode> relays(String link) {
        return entries(link, "relay");
    }

    private String screen(String name) {
        return tmuxOut("capture-pane", "-p", "-t", name);
    }

    private String tmuxOut(String... args) {
        List<String> cmd = new ArrayList<>(List.of("tmux", "-L", daemons.socket));
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(10, TimeUnit.SECONDS);
            return out;
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    private Cli.Result run(String... args) throws Exception {
        return Cli.run(home, Optional.of(daemons.socket), args);
    }
}
