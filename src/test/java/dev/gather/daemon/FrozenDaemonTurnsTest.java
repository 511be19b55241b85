package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.journal.Transcript;
import dev.gather.testing.Freezer;
import dev.gather.testing.LiveRhythm;
import dev.gather.testing.Slow;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gathering of sims whose turn ends go through bin/gather's hook, run as a harness runs it, keeps
 * every turn made while its daemon is frozen (SIGSTOP) for longer than every hook waits: Ada's harness
 * gives up on her hook and sends it SIGTERM, Bo's hook gives up by itself. Once the daemon goes on,
 * each turn is journalled exactly once, the holder's relayed once, none refused, none left behind.
 * The bounds are short (a 3 s harness timeout, a 1 s patience) so the freeze, which outlasts them
 * all, takes seconds instead of the minutes the real defaults (60 s, 30 s) would need: what is proven
 * is the same, a turn outliving the process that wrote it.
 */
@Slow
class FrozenDaemonTurnsTest {
    @TempDir
    Path home;

    @TempDir
    Path install;

    @RegisterExtension
    final DaemonProcesses daemons = new DaemonProcesses(() -> home);

    private Path launcher;

    @BeforeEach
    void installThisBuild() throws Exception {
        launcher = ThisBuild.install(install);
    }

    @Test
    void turnsMadeWhileTheDaemonIsFrozenPastEveryHookTimeoutAreRelayedOnceAndNoneRefused() throws Exception {
        Files.writeString(
                home.resolve("agents.yaml"), "agents:\n" + kind("ada", "30", "3000") + kind("bo", "1", "60000"));
        // live hearing: each nudge waits until both were told where the piece is, which digest hearing
        // keeps for a member's own next prompt
        String rhythm = LiveRhythm.write(home, "standard");
        Cli.Result started = run("start", rhythm, "-p", "Ada:speaker:ada", "-p", "Bo:speaker:bo");
        assertEquals(0, started.code(), started.out());
        Matcher m = Pattern.compile("started (g-\\S+)").matcher(started.out());
        assertTrue(m.find(), started.out());
        String id = m.group(1);
        Path journal = home.resolve("journal").resolve(id + ".jsonl");
        // each nudge is typed only once both were told where the piece is: nothing gather types mixes with it
        await().atMost(Duration.ofSeconds(60)).until(() -> toldBoth("The piece is now with Ada"));

        // one turn with the daemon awake: the hook path works, the piece goes to Bo
        nudge(id, "Ada", "NUDGE-Ada-0");
        await().atMost(Duration.ofSeconds(60))
                .until(() -> heard("Bo", "NUDGE-Ada-0") == 1 && toldBoth("The piece is now with Bo") && spoolIsEmpty());

        long pid = Cli.daemonPid(home, Optional.of(daemons.socket));
        Freezer.freeze(pid);
        List<String> nudges = List.of("NUDGE-Ada-1", "NUDGE-Bo-1", "NUDGE-Ada-2", "NUDGE-Bo-2");
        for (String nudge : nudges) {
            nudge(id, nudge.split("-")[1], nudge);
        }
        // frozen until every hook that carried one of these turns has ended: killed by Ada's harness
        // at its timeout, or ended by Bo's own patience; nothing but their holders keeps the turns now
        Map<String, List<Long>> waiting = new LinkedHashMap<>();
        await().atMost(Duration.ofSeconds(90)).until(() -> {
            waiting.clear();
            waiting.putAll(waitingTurns(nudges));
            return waiting.size() == nudges.size() && runningHooks().isEmpty();
        });
        Freezer.thaw(pid);

        await().atMost(Duration.ofSeconds(90)).until(this::spoolIsEmpty);
        List<String> refused = new ArrayList<>();
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            refused.clear();
            refused.addAll(rejected());
            Transcript.read(journal).stream()
                    .filter(e -> e.path("kind").asText().equals("refused"))
                    .forEach(e -> refused.add(e.toString()));
            return !refused.isEmpty()
                    || nudges.stream().allMatch(n -> said(journal, n).size() == 1);
        });
        assertEquals(List.of(), refused, "no turn was refused");
        for (String nudge : nudges) {
            JsonNode entry = said(journal, nudge).get(0);
            if (entry.path("kind").asText().equals("relay")) {
                String other = entry.path("from").asText().equals("Ada") ? "Bo" : "Ada";
                await().atMost(Duration.ofSeconds(60)).until(() -> heard(other, nudge) >= 1);
                assertEquals(
                        1, heard(other, nudge), nudge + " reached " + other + " once: " + SimLog.inputs(log(other)));
            }
        }
        for (String nudge : nudges) {
            assertEquals(1, said(journal, nudge).size(), nudge + " journalled once");
        }
        // every holder let go once its turn was taken
        await().atMost(Duration.ofSeconds(10))
                .until(() -> waiting.values().stream().noneMatch(pids -> alive(pids.get(0))));
        assertTrue(
                waiting.values().stream().allMatch(pids -> pids.size() > 1),
                "each header names a holder and the hook that started it: " + waiting);
    }

    /** A sim kind whose turn ends go through bin/gather's hook with {@code patience} s, its harness waiting {@code timeoutMs}. */
    private String kind(String kind, String patience, String timeoutMs) {
        return "  " + kind + ": [\"{gather}\", sim, --name, \"{name}\", --think-ms, \"50\", --pass-after, \"1\","
                + " --reply-when, ^NUDGE, --log, \"" + home.resolve("{name}.log") + "\","
                + " --hook, \"env GATHER_HOOK_PATIENCE=" + patience + " " + launcher + " hook sim\","
                + " --hook-timeout-ms, \"" + timeoutMs + "\"]\n";
    }

    private Path log(String name) {
        return home.resolve(name + ".log");
    }

    /** Types {@code text} into {@code name}'s pane and submits it, as a person at the pane would. */
    private void nudge(String id, String name, String text) {
        World.tmux(daemons.socket, "send-keys", "-t", id + "-" + name, "-l", text);
        World.tmux(daemons.socket, "send-keys", "-t", id + "-" + name, "Enter");
    }

    private boolean toldBoth(String words) {
        return List.of("Ada", "Bo").stream()
                .allMatch(n -> SimLog.inputs(log(n)).stream().anyMatch(i -> i.contains(words)));
    }

    /** How many inputs {@code name} was handed that relay the reply to {@code nudge}. */
    private long heard(String name, String nudge) {
        return SimLog.inputs(log(name)).stream()
                .filter(i -> i.contains("heard \"" + nudge + "\""))
                .count();
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

    /** For each nudge whose turn waits in the spool: the processes its header names (holder, hook, …). */
    private Map<String, List<Long>> waitingTurns(List<String> nudges) throws IOException {
        Map<String, List<Long>> found = new LinkedHashMap<>();
        try (Stream<Path> in = Files.list(home.resolve("spool/in"))) {
            for (Path file : in.toList()) {
                String text;
                try {
                    text = Files.readString(file, StandardCharsets.UTF_8);
                } catch (IOException e) {
                    continue; // taken meanwhile
                }
                Matcher pids = Pattern.compile("pids:([0-9,]+)").matcher(text);
                if (!pids.find()) {
                    continue;
                }
                List<Long> chain = new ArrayList<>();
                for (String p : pids.group(1).split(",")) {
                    chain.add(Long.parseLong(p));
                }
                nudges.stream()
                        .filter(n -> text.contains("heard \\\"" + n + "\\\""))
                        .forEach(n -> found.put(n, chain));
            }
        }
        return found;
    }

    /** The hooks the sims run now (their children): a harness waits for its hook or ends it. */
    private List<ProcessHandle> runningHooks() throws IOException, InterruptedException {
        Process list = new ProcessBuilder("tmux", "-L", daemons.socket, "list-panes", "-a", "-F", "#{pane_pid}")
                .redirectErrorStream(true)
                .start();
        String out = new String(list.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        list.waitFor();
        List<ProcessHandle> hooks = new ArrayList<>();
        for (String line : out.split("\n")) {
            if (!line.strip().matches("\\d+")) {
                continue;
            }
            ProcessHandle.of(Long.parseLong(line.strip()))
                    .ifPresent(pane -> Stream.concat(Stream.of(pane), pane.descendants())
                            .filter(p -> p.info().commandLine().orElse("").contains(" sim --name "))
                            .forEach(sim -> sim.children().forEach(hooks::add)));
        }
        return hooks;
    }

    /** What the daemon refused from the spool: each file with why, as its log says. */
    private List<String> rejected() throws IOException {
        try (Stream<Path> files = Files.list(home.resolve("spool/rejected"))) {
            String log = Files.exists(home.resolve("daemon.log")) ? Files.readString(home.resolve("daemon.log")) : "";
            return files.map(f -> f.getFileName() + ": "
                            + log.lines()
                                    .filter(l -> l.contains(f.getFileName().toString()))
                                    .findFirst()
                                    .orElse("(not in the log)"))
                    .toList();
        }
    }

    private boolean spoolIsEmpty() throws IOException {
        try (Stream<Path> in = Files.list(home.resolve("spool/in"))) {
            return in.findAny().isEmpty();
        }
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private Cli.Result run(String... args) throws Exception {
        return Cli.run(home, Optional.of(daemons.socket), args);
    }
}
