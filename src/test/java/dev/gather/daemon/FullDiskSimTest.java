package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.client.DaemonPid;
import dev.gather.home.StateDir;
import dev.gather.journal.Transcript;
import dev.gather.profile.Profiles;
import dev.gather.testing.Freezer;
import dev.gather.testing.LiveRhythm;
import dev.gather.testing.Slow;
import dev.gather.testing.TmuxServers;
import dev.gather.tmux.InputBox;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gathering of sims whose state folder, spool and journal included, is on a small disk (a 16 MiB
 * tmpfs; tests run as root) that fills up mid-gathering: the sims cannot hand their turns over and the
 * journal cannot be written, yet no sim leaves its link, and once space returns every turn made while
 * full is journalled once, in order, none lost and none doubled.
 */
@Slow
class FullDiskSimTest {
    @TempDir
    Path mountPoint;

    @TempDir
    Path logs;

    private final String socket = "gather-test-" + UUID.randomUUID();
    private Path home;
    private boolean mounted;

    @BeforeEach
    void smallDisk() throws Exception {
        Process mount = new ProcessBuilder(
                        "mount", "-t", "tmpfs", "-o", "size=16m,mode=0700", "tmpfs", mountPoint.toString())
                .redirectErrorStream(true)
                .start();
        String said = new String(mount.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(mount.waitFor(30, TimeUnit.SECONDS), "mount returned");
        assertEquals(0, mount.exitValue(), "a small tmpfs is mounted (tests run as root): " + said);
        mounted = true;
        home = mountPoint;
    }

    @AfterEach
    void cleanUp() throws Exception {
        Files.deleteIfExists(mountPoint.resolve("filler"));
        Cli.stopAgentsAndDaemon(home, socket);
        DaemonPid.living(new StateDir(home))
                .ifPresent(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy));
        if (mounted) {
            // lazily: a process that still ends lets go of it on its own
            new ProcessBuilder("umount", "-l", mountPoint.toString()).start().waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void simsKeepTheirLinkOnAFullDiskAndEveryTurnMadeMeanwhileArrivesOnce() throws Exception {
        Files.writeString(
                home.resolve("agents.yaml"),
                "agents:\n  speaker: [\"{gather}\", sim, --name, \"{name}\", --think-ms, \"50\", --pass-after, \"1\","
                        + " --reply-when, ^NUDGE, --log, \"" + logs.resolve("{name}.log") + "\"]\n");
        // live hearing: each nudge waits until both were told where the piece is, which digest hearing
        // keeps for a member's own next prompt
        String rhythm = LiveRhythm.write(home, "standard");
        Cli.Result started = Cli.run(
                home, Optional.of(socket), "start", rhythm, "-p", "Ada:speaker:speaker", "-p", "Bo:speaker:speaker");
        assertEquals(0, started.code(), started.out());
        Matcher m = Pattern.compile("started (g-\\S+)").matcher(started.out());
        assertTrue(m.find(), started.out());
        String id = m.group(1);
        Path journal = home.resolve("journal").resolve(id + ".jsonl");
        // each nudge is typed only once both were told where the piece is: nothing gather types mixes with it
        await().atMost(Duration.ofSeconds(60)).until(() -> toldBoth("The piece is now with Ada"));
        nudge(id, "Ada", "NUDGE-Ada-0");
        await().atMost(Duration.ofSeconds(60))
                .until(() -> said(journal, "NUDGE-Ada-0").size() == 1 && toldBoth("The piece is now with Bo"));

        fill(mountPoint.resolve("filler"));
        List<String> nudges = List.of("NUDGE-Bo-1", "NUDGE-Ada-1", "NUDGE-Bo-2", "NUDGE-Ada-2");
        for (String nudge : nudges) {
            nudge(id, nudge.split("-")[1], nudge);
        }
        // both sims met the full disk and are still there, waiting with their turns
        // the disk stays full (what the daemon frees meanwhile is taken again) until both have met it
        int[] toppedUp = {0};
        try {
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                fill(mountPoint.resolve("filler-" + toppedUp[0]++));
                return screen(id, "Ada").contains("cannot hand its turn over")
                        && screen(id, "Bo").contains("cannot hand its turn over");
            });
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("the sims did not both meet the full disk. " + diagnosis(id, journal), e);
        }
        try (Stream<Path> fillers = Files.list(mountPoint)) {
            for (Path f : fillers.filter(f -> f.getFileName().toString().startsWith("filler"))
                    .toList()) {
                Files.delete(f);
            }
        }

        try {
            await().atMost(Duration.ofSeconds(90))
                    .until(() -> nudges.stream().allMatch(n -> said(journal, n).size() >= 1));
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("not every turn arrived. " + diagnosis(id, journal), e);
        }
        // and then nothing left in the spool, and each nudge stays journalled once while the gathering goes
        // on (its announcements and beats keep a message on its way to someone most of the time, so "all
        // quiet", read through a command's JVM start, was seldom seen on a loaded machine)
        try {
            await().atMost(Duration.ofSeconds(60)).until(this::spoolIsEmpty);
            await().during(Duration.ofSeconds(5)).atMost(Duration.ofSeconds(30)).until(() -> nudges.stream()
                    .allMatch(n -> said(journal, n).size() == 1));
        } catch (ConditionTimeoutException e) {
            throw new AssertionError(
                    "a turn stayed in the spool or was journalled twice. " + diagnosis(id, journal), e);
        }
        assertTrue(screen(id, "Ada").contains("handed its turn over"), screen(id, "Ada"));
        Cli.Result links = Cli.run(home, Optional.of(socket), "status");
        assertTrue(links.out().contains("Ada") && links.out().contains("Bo"), "both still members: " + links.out());
    }

    private String diagnosis(String id, Path journal) throws IOException, InterruptedException {
        return "Ada's screen:\n" + screen(id, "Ada") + "\nBo's screen:\n" + screen(id, "Bo") + "\njournal:\n"
                + tail(journal) + "\ndaemon.log:\n" + tail(home.resolve("daemon.log")) + "\nspool: "
                + listing(home.resolve("spool/in")) + " rejected: " + listing(home.resolve("spool/rejected"));
    }

    private static String tail(Path file) throws IOException {
        if (!Files.exists(file)) {
            return "(none)";
        }
        List<String> lines = Files.readAllLines(file);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 25), lines.size()));
    }

    private static String listing(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).toList().toString();
        }
    }

    /** Writes into {@code filler} until the disk is full. */
    private static void fill(Path filler) throws IOException {
        byte[] chunk = new byte[64 * 1024];
        try (OutputStream out = Files.newOutputStream(filler)) {
            while (true) {
                out.write(chunk);
            }
        } catch (IOException full) {
            assertTrue(String.valueOf(full.getMessage()).contains("No space left"), full.toString());
        }
    }

    private boolean spoolIsEmpty() throws IOException {
        try (Stream<Path> in = Files.list(home.resolve("spool/in"))) {
            return in.findAny().isEmpty();
        }
    }

    private boolean toldBoth(String words) {
        return List.of("Ada", "Bo").stream()
                .allMatch(n -> SimLog.inputs(logs.resolve(n + ".log")).stream().anyMatch(i -> i.contains(words)));
    }

    /**
     * Types {@code text} and Enter into {@code name}'s pane while its daemon is frozen and gather's
     * words are not in its box: gather can neither paste between the two keys nor be between its own
     * paste and Enter. The full disk alone did not keep gather from typing meanwhile: a daemon that took
     * a spool file freed a page, pasted Bo's turn into Ada, and "NUDGE-Ada-2" landed before its Enter,
     * one message that Ada never answered. A sim still trying to hand a turn over shows its own note
     * where its box was, and reads the keys once the disk lets it go on.
     */
    private void nudge(String id, String name, String text) {
        long daemon = DaemonPid.living(new StateDir(home)).orElseThrow();
        String target = id + "-" + name;
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> {
                    Freezer.freeze(daemon);
                    try {
                        String screen = TmuxServers.output(socket, "capture-pane", "-p", "-t", target);
                        if (SIM_BOX.read(screen) != InputBox.State.EMPTY
                                && !SIM_BOX.shows(screen, "(" + name + " cannot hand its turn over")) {
                            return false;
                        }
                        World.tmux(socket, "send-keys", "-t", target, "-l", text);
                        World.tmux(socket, "send-keys", "-t", target, "Enter");
                        return true;
                    } finally {
                        Freezer.thaw(daemon);
                    }
                });
    }

    private static final InputBox SIM_BOX =
            Profiles.shipped().forKind("sim").quirks().input().orElseThrow();

    private String screen(String id, String name) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("tmux", "-L", socket, "capture-pane", "-p", "-S", "-200", "-t", id + "-" + name)
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(10, TimeUnit.SECONDS);
        return out;
    }

    /** The journal entries that carry the reply to {@code nudge} as the nudged member's words. */
    private static List<JsonNode> said(Path journal, String nudge) {
        if (!Files.exists(journal)) {
            return List.of();
        }
        return Transcript.read(journal).stream()
                .filter(e -> List.of("relay", "out_of_turn", "late")
                        .contains(e.path("kind").asText()))
                .filter(e -> e.path("text").asText().contains("heard \"" + nudge + "\""))
                .filter(e -> e.path("from").asText().equals(nudge.split("-")[1]))
                .toList();
    }
}
