package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.client.DaemonPid;
import dev.gather.home.StateDir;
import dev.gather.journal.Transcript;
import dev.gather.testing.Beside;
import dev.gather.testing.Freezer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A daemon killed with SIGKILL in the middle of a gathering loses nothing journalled; when the
 * gathering's panes died with it, the next daemon cannot resume it and reports it interrupted.
 */
@Beside
class DaemonCrashTest {
    @TempDir
    Path home;

    @RegisterExtension
    final DaemonProcesses daemons = new DaemonProcesses(() -> home);

    @Test
    void killedMidGatheringWithItsPanesGoneTheJournalKeepsEverythingAndTheNextDaemonReportsItInterrupted()
            throws Exception {
        Files.writeString(
                home.resolve("agents.yaml"),
                """
                agents:
                  speaker: ["{gather}", sim, --name, "{name}", --think-ms, "300", --pass-after, "1", --reply-when, "(now with {name} |\\\\[Beat)"]
                """);
        Cli.Result started = run("start", "standard", "-p", "Ada:speaker:speaker", "-p", "Bo:speaker:speaker");
        assertEquals(0, started.code(), started.out());
        Matcher m = Pattern.compile("started (g-\\S+)").matcher(started.out());
        assertTrue(m.find(), started.out());
        String id = m.group(1);
        Path journal = home.resolve("journal").resolve(id + ".jsonl");
        await().atMost(Duration.ofSeconds(60)).until(() -> relays(journal) >= 3);

        // read, not asked with a command's JVM: on a loaded machine its seconds let the gathering run on
        long pid = DaemonPid.living(new StateDir(home)).orElseThrow();
        // the daemon and its agents end together (a reboot): the daemon is frozen first, so it sees
        // no pane go and an agent's last turn end cannot bring a new daemon back in between
        // every thread stopped, not only signalled: a journal write already in the kernel finishes first
        Freezer.freeze(pid);
        // what the old daemon journalled, read while it is frozen: a hook in flight may bring a new
        // daemon back as soon as this one is gone
        List<String> before = Files.readAllLines(journal);
        World.tmux(daemons.socket, "new-session", "-d", "-s", "keep-the-server");
        for (String name : List.of("Ada", "Bo")) {
            World.tmux(daemons.socket, "kill-session", "-t", id + "-" + name);
        }
        ProcessHandle.of(pid).orElseThrow().destroyForcibly();
        await().atMost(Duration.ofSeconds(10))
                .until(() -> ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true));

        Cli.Result status = run("status");
        assertEquals(0, status.code(), status.out());
        assertNotEquals(pid, Cli.daemonPid(home, Optional.of(daemons.socket)), "a new daemon started");
        assertTrue(
                status.out().contains(id + " interrupted"),
                () -> status.out() + "\njournal before the kill:\n" + String.join("\n", before) + "\nafter:\n"
                        + read(journal) + "\ndaemon log:\n" + read(home.resolve("daemon.log")));
        assertTrue(
                Transcript.read(journal).stream()
                        .anyMatch(e -> e.path("kind").asText().equals("interrupted")
                                && e.path("text").asText().contains("its panes are gone")),
                "the journal says why it could not resume");
        List<String> after = Files.readAllLines(journal);
        assertEquals(
                before.stream().filter(l -> !l.isBlank()).toList(),
                after.subList(0, before.size()).stream()
                        .filter(l -> !l.isBlank())
                        .toList(),
                "nothing journalled before the kill is lost or rewritten");
        List<String> since = Transcript.read(journal).stream()
                .skip(Transcript.read(journal).size() - (after.size() - before.size()))
                .map(e -> e.path("kind").asText())
                .toList();
        assertEquals(
                "interrupted",
                since.get(0),
                () -> "the new daemon marks where the old one stopped: " + since + "\njournal before the kill:\n"
                        + String.join("\n", before) + "\nafter:\n" + read(journal) + "\ndaemon log:\n"
                        + read(home.resolve("daemon.log")));
        assertTrue(
                since.stream().skip(1).allMatch("delivery"::equals),
                "after it only the delivery of messages still queued, nothing newly relayed: " + since);
        Cli.Result transcript = run("transcript", id);
        assertEquals(0, transcript.code());
        assertTrue(transcript.out().contains("[interrupted]"), transcript.out());

        Cli.Result links = run("links");
        assertEquals(0, links.code(), links.out());
        assertTrue(links.out().contains("no open links"), "the new daemon serves new requests: " + links.out());
    }

    private long relays(Path journal) {
        if (!Files.exists(journal)) {
            return 0;
        }
        return Transcript.read(journal).stream()
                .filter(e -> e.path("kind").asText().equals("relay"))
                .count();
    }

    private Cli.Result run(String... args) throws Exception {
        return Cli.run(home, Optional.of(daemons.socket), args);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "(" + e + ")";
        }
    }
}
