package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.link.Link;
import dev.gather.testing.Beside;
import dev.gather.tmux.Pane;
import dev.gather.tmux.SpawnSpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Identity from the process, not the environment, on real tmux: a request or hook event acts for
 * the pane its process runs in; naming another pane in $TMUX_PANE is refused, from inside a pane or
 * from outside every pane, unless the outsider says so explicitly (--pane), which is journalled.
 */
@Beside
class IdentityTest {
    private static final String SILENT = "never-matches-anything";
    private static final Path LAUNCHER = Path.of("bin/gather").toAbsolutePath();

    @RegisterExtension
    final Worlds worlds = Worlds.bare().stateIn("state");

    @TempDir
    Path work;

    World world;

    @Test
    void aProcessInsidePaneBThatSaysItIsPaneAIsRefusedForSendCloseAndHookEvents() throws Exception {
        Pane ada = world.sim("Ada", "--reply-when", SILENT);
        Path gather = launcher();
        Files.writeString(
                work.resolve("probe.sh"),
                """
                export TMUX_PANE=%1$s
                %2$s send --to %1$s 'forged send' > send.out 2>&1; echo "exit $?" >> send.out
                %2$s send --close > close.out 2>&1; echo "exit $?" >> close.out
                printf '{"last_message":"forged turn"}' | %3$s hook sim
                printf '{"last_message":"forged on behalf"}' | GATHER_PANE=%1$s %3$s hook sim
                echo done > done.out
                """
                        .formatted(ada.id(), gather, LAUNCHER));
        // pane B: a shell that runs the probe once the test presses Enter (after B is linked with A)
        Pane bo = world.tmux.spawn(new SpawnSpec(
                "Bo", List.of("sh", "-c", "read go; sh ./probe.sh; exec sleep 600"), env(), work, 160, 40));
        Link link = world.linkInPanes("test", ada, bo);
        world.tmux.sendKeys(bo.id(), "Enter");
        await().atMost(Duration.ofSeconds(90)).until(() -> Files.exists(work.resolve("done.out")));

        String send = Files.readString(work.resolve("send.out"));
        assertTrue(send.contains("refused: this process runs in pane " + bo.id() + ", not " + ada.id()), send);
        assertFalse(send.contains("exit 0"), send);
        String close = Files.readString(work.resolve("close.out"));
        assertTrue(close.contains("refused: this process runs in pane " + bo.id()), close);
        assertFalse(close.contains("exit 0"), close);
        assertTrue(world.daemon.links.byPane(ada.id()).isPresent(), "A's link is still open");

        Path rejected = world.state.spool().resolve("rejected");
        // $TMUX_PANE naming A, and $GATHER_PANE saying "on behalf of A" from inside B: both refused
        await().atMost(Duration.ofSeconds(30)).until(() -> count(rejected) == 2);
        assertTrue(world.entries(link.id(), "relay").isEmpty(), "the forged turns were not relayed as A's");
        assertTrue(world.entries("oneshot", "oneshot").isEmpty(), "nothing was sent as A");
    }

    @Test
    void aShellOutsideTmuxIsRefusedOnTmuxPaneAloneAndActsForAOnlyWithPane() throws Exception {
        Pane ada = world.sim("Ada", "--reply-when", SILENT);
        Pane bo = world.sim("Bo", "--reply-when", SILENT);

        Run refused = gather(ada.id(), "send", "--to", bo.id(), "as if from A");
        assertNotEquals(0, refused.exit(), refused.out());
        assertTrue(refused.out().contains("runs outside every pane of this tmux server"), refused.out());
        assertTrue(refused.out().contains("--pane " + ada.id()), refused.out());

        Run explicit = gather(ada.id(), "send", "--pane", ada.id(), "--to", bo.id(), "on behalf of A");
        assertEquals(0, explicit.exit(), explicit.out());
        await().atMost(Duration.ofSeconds(30)).until(() -> world.screen(bo).contains("on behalf of A"));
        List<JsonNode> sent = world.entries("oneshot", "oneshot");
        assertEquals(1, sent.size(), sent.toString());
        assertEquals(ada.id(), sent.get(0).path("on_behalf_of").asText(), sent.toString());
        assertTrue(sent.get(0).path("by").asText().contains("outside every pane"), sent.toString());
        JsonNode noted = world.entries("oneshot", "on_behalf").get(0);
        assertEquals(ada.id(), noted.path("on_behalf_of").asText());
        assertEquals("send", noted.path("op").asText());

        // a hook file from outside every pane naming A is refused too
        ProcessBuilder hook = new ProcessBuilder(LAUNCHER.toString(), "hook", "sim").redirectErrorStream(true);
        hook.environment().put("GATHER_HOME", world.state.root().toString());
        hook.environment().put("TMUX_PANE", ada.id());
        Process p = hook.start();
        p.getOutputStream().write("{\"last_message\":\"forged from outside\"}".getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        assertTrue(p.waitFor(20, TimeUnit.SECONDS));
        await().atMost(Duration.ofSeconds(30))
                .until(() -> count(world.state.spool().resolve("rejected")) == 1);

        // while one that says $GATHER_PANE=A from outside every pane is A's turn: relayed as A's, and
        // A's link journal says it was written on A's behalf, before the words
        Link link = world.linkInPanes("behalf", ada, bo);
        ProcessBuilder behalfOfA = new ProcessBuilder(LAUNCHER.toString(), "hook", "sim").redirectErrorStream(true);
        behalfOfA.environment().put("GATHER_HOME", world.state.root().toString());
        behalfOfA.environment().remove("TMUX_PANE");
        behalfOfA.environment().put("GATHER_PANE", ada.id());
        Process written = behalfOfA.start();
        written.getOutputStream()
                .write("{\"last_message\":\"a turn written on behalf of A\"}".getBytes(StandardCharsets.UTF_8));
        written.getOutputStream().close();
        assertTrue(written.waitFor(20, TimeUnit.SECONDS));
        await().atMost(Duration.ofSeconds(30)).until(() -> world.screen(bo).contains("a turn written on behalf of A"));
        List<JsonNode> journal = world.journal(link.id());
        List<String> kinds = journal.stream().map(e -> e.path("kind").asText()).toList();
        assertEquals(List.of("on_behalf", "relay"), kinds.subList(0, 2), journal.toString());
        JsonNode behalf = journal.get(0);
        assertEquals(ada.id(), behalf.path("on_behalf_of").asText(), behalf.toString());
        assertEquals("hook", behalf.path("op").asText(), behalf.toString());
        assertTrue(behalf.path("by").asText().contains("outside every pane"), behalf.toString());
        assertEquals("Ada", journal.get(1).path("from").asText());
        assertEquals(1, count(world.state.spool().resolve("rejected")), "only the unannounced one was refused");
    }

    record Run(int exit, String out) {}

    /** gather as a process outside every pane of the test's server, with $TMUX_PANE set to {@code tmuxPane}. */
    private Run gather(String tmuxPane, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(launcher().toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(env());
        pb.environment().put("TMUX_PANE", tmuxPane);
        pb.environment().remove("GATHER_PANE");
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
        return new Run(p.exitValue(), out);
    }

    private Map<String, String> env() {
        return Map.of(
                "GATHER_HOME", world.state.root().toString(), "GATHER_TMUX_SOCKET", world.socket, "LANG", "C.UTF-8");
    }

    /** A script running this build's gather (the jar may not be packaged yet when tests run). */
    private Path launcher() throws Exception {
        return World.launcher(work);
    }

    private static long count(Path dir) throws Exception {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.count();
        }
    }
}
