package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.client.DaemonClient;
import dev.gather.client.DaemonPid;
import dev.gather.client.DaemonStarter;
import dev.gather.home.RotatingLog;
import dev.gather.home.StateDir;
import dev.gather.journal.Transcript;
import dev.gather.testing.Beside;
import dev.gather.testing.GrowingJournal;
import dev.gather.testing.LiveRhythm;
import dev.gather.testing.TmuxServers;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A standard-rhythm gathering of four sims and a harvester survives its daemon being SIGKILLed at
 * ten seeded random moments: each new daemon resumes it where the journal left it, and it finishes
 * with a harvest, every turn relayed exactly once, none skipped. Run with {@code -Dgather.seed=N}
 * to repeat a run.
 */
@Beside
class GatheringResumeTest {
    private static final int KILLS = 10;
    private static final List<String> SPEAKERS = List.of("Ada", "Bo", "Cy", "Di");
    /** standard.yaml: three phases of two rounds each. */
    private static final int ROUNDS = 6;

    @TempDir
    Path home;

    private final String tmuxSocket = "gather-test-" + UUID.randomUUID();
    private Process daemon;

    @AfterEach
    void cleanUp() throws Exception {
        // the agents first: a turn end while no daemon runs brings one back
        World.tmux(tmuxSocket, "kill-server");
        if (daemon != null && daemon.isAlive()) {
            daemon.destroyForcibly().waitFor();
        }
        killDaemon();
    }

    /**
     * SIGKILLs the daemon that runs, by the pid in its lock file: after a kill the agents' next turn end
     * may have started it, not this test.
     */
    private void killDaemon() throws Exception {
        var pid = DaemonPid.living(new StateDir(home));
        if (pid.isPresent()) {
            ProcessHandle h = ProcessHandle.of(pid.getAsLong()).orElse(null);
            if (h != null) {
                h.destroyForcibly();
                h.onExit().get(30, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void killedAtTenRandomMomentsTheGatheringResumesEachTimeAndFinishesWithItsHarvest() throws Exception {
        try {
            killTenTimes();
        } catch (AssertionError | RuntimeException e) {
            // what the journals and the daemons said, in the failure itself, since the temporary home goes
            // with the test (a listing that failed on a missing folder once hid the failure it was for)
            StringBuilder seen = new StringBuilder(String.valueOf(e.getMessage()));
            Path journals = home.resolve("journal");
            if (Files.isDirectory(journals)) {
                try (var files = Files.list(journals)) {
                    for (Path f :
                            files.filter(f -> f.toString().endsWith(".jsonl")).toList()) {
                        seen.append("\n--- ").append(f.getFileName());
                        Transcript.readable(Transcript.read(f))
                                .forEach(l -> seen.append('\n').append(l));
                    }
                }
            }
            // where every member's letters stood, and what each pane showed, at the last kill and
            // now: a member never typed to is told apart from one that never answered (a closed
            // gathering's panes are gone by now)
            seen.append(lastLook).append(look("at the failure"));
            // the daemons' logs, oldest first: each start moved the last one's aside
            Path log = new StateDir(home).log();
            for (int n = RotatingLog.KEEP; n >= 0; n--) {
                Path file = n == 0 ? log : log.resolveSibling(log.getFileName() + "." + n);
                if (Files.exists(file)) {
                    seen.append("\n--- ")
                            .append(file.getFileName())
                            .append('\n')
                            .append(Files.readString(file));
                }
            }
            throw new AssertionError(seen.toString(), e);
        }
    }

    private void killTenTimes() throws Exception {
        long seed = Long.getLong("gather.seed", System.nanoTime());
        Random random = new Random(seed);
        // the speakers answer at once; the harvester takes its time, so a kill can fall while it writes:
        // the last moments lie there, and the test's look and kill must come before the harvest does
        String agents = World.SIM_AGENTS.replace(
                "--think-ms, \"30\", --reply-when, \"you are the harvester\"",
                "--think-ms, \"3000\", --reply-when, \"you are the harvester\"");
        assertTrue(agents.contains("3000"), agents);
        Files.writeString(home.resolve("agents.yaml"), agents);
        // the kill moments are counted in journal entries, as many as live hearing writes: every
        // message typed to every listener (digest hearing's resume is ResumedGatheringTest's)
        String rhythm = LiveRhythm.write(home, "standard");
        startDaemon();
        Cli.Result started = Cli.run(
                home,
                Optional.of(tmuxSocket),
                "start",
                rhythm,
                "-p",
                "Ada:speaker:speaker",
                "-p",
                "Bo:speaker:speaker",
                "-p",
                "Cy:speaker:speaker",
                "-p",
                "Di:speaker:speaker",
                "-p",
                "Hal:harvester:harvester",
                "--beats",
                "1",
                "--beat-seconds",
                "2",
                "--grace",
                "2");
        assertEquals(0, started.code(), started.out());
        Matcher m = Pattern.compile("started (g-\\S+)").matcher(started.out());
        assertTrue(m.find(), started.out());
        GrowingJournal journal = new GrowingJournal(home.resolve("journal").resolve(m.group(1) + ".jsonl"));

        List<KillMoments.Moment> moments = KillMoments.seeded(random, KILLS, ROUNDS * SPEAKERS.size());
        System.out.println("GatheringResumeTest seed " + seed + " (repeat with -Dgather.seed=" + seed + "); kills at "
                + moments.stream().map(KillMoments.Moment::name).toList());
        List<String> killedAt = new ArrayList<>();
        int resumes = 0;
        for (int k = 0; k < KILLS; k++) {
            int resumedBefore = resumes;
            KillMoments.Moment at = moments.get(k);
            String moment = at.name();
            await().atMost(Duration.ofSeconds(90))
                    .pollInterval(Duration.ofMillis(20))
                    .until(() -> at.reached().test(journal.entries()) && journal.count("resumed") >= resumedBefore);
            // where the letters stood just before the kill and the screens just after, kept for a
            // failure's account: all taken after the resume instead, the look let sims that answer in
            // milliseconds run several turns past the next moment, and the kills bunched together
            long asked = System.nanoTime();
            String status = status("just before kill " + (k + 1));
            slowestStatus = Math.max(
                    slowestStatus, Duration.ofNanos(System.nanoTime() - asked).toMillis());
            killDaemon();
            List<JsonNode> before = journal.entries();
            lastLook = status + screens("just after kill " + (k + 1));
            assertTrue(
                    before.stream().noneMatch(e -> e.path("kind").asText().equals("close")),
                    () -> "the gathering closed before moment " + moment + "; the moments must lie inside it");
            killedAt.add(moment + " (" + KillMoments.where(before) + ")");
            startDaemon();
            resumes++;
        }
        System.out.println("GatheringResumeTest killed at: " + String.join(", ", killedAt) + "; the slowest status"
                + " before a kill took " + slowestStatus + " ms");

        await().atMost(Duration.ofSeconds(120))
                .until(() -> journal.count("close") == 1 && journal.count("harvest") == 1);
        List<JsonNode> all = journal.entries();
        String dump = Transcript.readable(all).stream().reduce("", (a, b) -> a + b + "\n");
        assertEquals(0, journal.count("interrupted"), () -> "never marked interrupted:\n" + dump);
        assertEquals(KILLS, journal.count("resumed"), () -> "resumed after every kill:\n" + dump);
        JsonNode close = all.stream()
                .filter(e -> e.path("kind").asText().equals("close"))
                .findFirst()
                .orElseThrow();
        assertTrue(close.path("text").asText().contains("harvest complete"), dump);

        Ceremonies.assertEveryTurnOnceInOrder(all, SPEAKERS, ROUNDS);
        System.out.println("GatheringResumeTest: " + all.size() + " journal entries; duplicates caught after a"
                + " restart: " + journal.count("duplicate"));
    }

    /** What the last look around a kill saw, for a failure's account. */
    private String lastLook = "";

    private long slowestStatus;

    /** {@code gather status} and every pane's screen, now. */
    private String look(String when) throws IOException, InterruptedException {
        return status(when) + screens(when);
    }

    /**
     * {@code gather status}, asked in this process: a CLI's JVM took seconds on a loaded machine, and
     * the gathering ran on past the next kill's moment meanwhile. Never by a call that starts a daemon
     * (this JVM's would serve the default tmux server).
     */
    private String status(String when) {
        StringBuilder seen = new StringBuilder("\n--- gather status, " + when + "\n");
        DaemonClient client = new DaemonClient(new StateDir(home), Optional.empty());
        try {
            seen.append(client.running() ? client.call(client.request("status")) : "no daemon runs");
        } catch (IOException | RuntimeException e) {
            seen.append("no answer: ").append(e.getMessage());
        }
        return seen.toString();
    }

    /** Every pane's screen, now. */
    private String screens(String when) throws IOException, InterruptedException {
        StringBuilder seen = new StringBuilder();
        for (String pane : TmuxServers.output(tmuxSocket, "list-panes", "-a", "-F", "#{pane_id}")
                .lines()
                .toList()) {
            seen.append("\n--- screen of ")
                    .append(pane)
                    .append(", ")
                    .append(when)
                    .append('\n');
            seen.append(TmuxServers.output(tmuxSocket, "capture-pane", "-p", "-t", pane)
                    .stripTrailing());
        }
        return seen.toString();
    }

    private void startDaemon() throws IOException {
        StateDir state = new StateDir(home);
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.addAll(DaemonClient.DAEMON_JVM);
        cmd.add("-XX:TieredStopAtLevel=1");
        // as DaemonProcess starts one: the last daemon's log moves aside, none is truncated
        RotatingLog.rotate(state.log(), RotatingLog.KEEP);
        cmd.add("-D" + DaemonStarter.LOG_PROPERTY + "=" + state.log());
        cmd.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=info");
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "dev.gather.cli.Main", "daemon"));
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.appendTo(state.log().toFile()))
                .redirectErrorStream(true);
        pb.environment().put("GATHER_HOME", home.toString());
        pb.environment().put("GATHER_TMUX_SOCKET", tmuxSocket);
        pb.environment().remove("TMUX_PANE");
        Files.createDirectories(home);
        daemon = pb.start();
        DaemonClient client = new DaemonClient(state, Optional.empty());
        // this daemon, or the one a sim brought back first (each second until its turn is taken: this
        // one then finds the lock taken and ends); a new JVM gets 60 s to answer, as in DaemonRevivalTest
        await().atMost(Duration.ofSeconds(60)).until(client::running);
    }
}
