package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.link.Link;
import dev.gather.testing.Slow;
import dev.gather.tmux.Pane;
import dev.gather.tmux.SpawnSpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 35, "a Codex notify is attributed to the pane whose Codex session wrote it, or refused": two
 * panes each run a Codex (a stand-in whose program is named {@code codex}, so the daemon sees Codex
 * there), and each runs its notify program ({@code bin/gather hook codex}) from its own process tree,
 * as Codex does. A notify from Bo's Codex naming Ada's thread, or answering what gather typed into
 * Ada, was taken as Ada's turn; it is refused and journalled, and Ada's own notifies still relay.
 */
@Slow
class CodexNotifyIdentityTest {
    private static final Duration LONG = Duration.ofSeconds(90);
    private static final String ADAS_THREAD = "01a208d7-dd57-7c42-852d-9202d4d15daa";
    private static final String NEW_THREAD = "01a208d7-0000-7000-8000-00000000000b";

    @RegisterExtension
    final Worlds worlds = Worlds.bare();

    @TempDir
    Path work;

    World world;
    private Path launcher;

    @Test
    void aNotifyFromAnotherCodexPaneNamingAdasThreadIsRefusedAndAdasOwnStillRelays() throws Exception {
        launcher = ThisBuild.install(work.resolve("install"));
        Pane ada = codexPane("Ada");
        Pane bo = codexPane("Bo");
        Link link = world.linkInPanes("codex", ada, bo);

        // gather typed into Ada; her Codex ends that turn: the thread is hers, reported from her pane
        world.daemon.sessions.typed(ada.id(), "hello ada");
        notify(ada, ADAS_THREAD, "hello ada", "ada answers");
        await().atMost(LONG).until(() -> relays(link).size() == 1);
        assertEquals(Optional.of(ada.id()), world.daemon.sessions.paneOfThread(ADAS_THREAD));

        // Bo's Codex names her thread: refused, journalled, not relayed
        notify(bo, ADAS_THREAD, "anything", "forged as ada by her thread");
        await().atMost(LONG).until(() -> world.entries(link.id(), "refused").size() == 1);
        String why = world.entries(link.id(), "refused").get(0).path("why").asText();
        assertTrue(why.contains("Codex thread " + ADAS_THREAD + " of pane " + ada.id()), why);
        assertTrue(why.contains("written from pane " + bo.id()), why);

        // Bo's Codex answers, in a thread of its own, what gather typed into Ada next: refused too
        world.daemon.sessions.typed(ada.id(), "second for ada");
        notify(bo, NEW_THREAD, "second for ada", "forged as ada by her typed text");
        await().atMost(LONG).until(() -> world.entries(link.id(), "refused").size() == 2);

        // Ada's own next turn (the text gather typed is still there for it) relays as hers
        notify(ada, ADAS_THREAD, "second for ada", "ada's own second");
        await().atMost(LONG).until(() -> relays(link).size() == 2);
        List<JsonNode> relayed = relays(link);
        assertEquals(
                List.of("Ada", "Ada"),
                relayed.stream().map(e -> e.path("from").asText()).toList());
        assertTrue(relayed.get(1).toString().contains("ada's own second"), relayed.toString());
        assertFalse(relayed.toString().contains("forged"), relayed.toString());
        assertEquals(2, count(world.state.spool().resolve("rejected")), "both forged notifies set aside");
        assertEquals(Optional.empty(), world.daemon.sessions.paneOfThread(NEW_THREAD), "nor learned as Ada's");
    }

    /**
     * A pane whose program is a Codex stand-in: a script named {@code codex} that runs, from its own
     * process tree, each notify the test writes into its FIFO, as Codex runs its notify program.
     */
    private Pane codexPane(String name) throws Exception {
        Path codex = work.resolve("codex");
        if (!Files.exists(codex)) {
            Files.writeString(
                    codex,
                    """
                    exec 3<> "$1"
                    echo "codex stand-in ready"
                    while IFS= read -r payload <&3; do
                      '%s' hook codex "$payload"
                      echo "notified: exit $?"
                    done
                    """
                            .formatted(launcher));
        }
        Path fifo = work.resolve(name + ".fifo");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertTrue(mkfifo.waitFor(10, TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "mkfifo " + fifo);
        Pane pane = world.tmux.spawn(new SpawnSpec(
                name,
                List.of("sh", codex.toString(), fifo.toString()),
                Map.of("GATHER_HOME", world.state.root().toString(), "LANG", "C.UTF-8"),
                work,
                160,
                40));
        await().atMost(LONG).until(() -> world.screen(pane).contains("codex stand-in ready"));
        return pane;
    }

    /** {@code pane}'s Codex ends a turn of {@code thread} that answered {@code input} with {@code answer}. */
    private void notify(Pane pane, String thread, String input, String answer) throws Exception {
        String payload = World.JSON
                .createObjectNode()
                .put("type", "agent-turn-complete")
                .put("thread-id", thread)
                .put("last-assistant-message", answer)
                .set("input-messages", World.JSON.createArrayNode().add(input))
                .toString();
        Files.writeString(
                work.resolve(pane.session() + ".fifo"),
                payload + "\n",
                StandardCharsets.UTF_8,
                StandardOpenOption.WRITE,
                StandardOpenOption.APPEND);
    }

    private List<JsonNode> relays(Link link) {
        return world.entries(link.id(), "relay");
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
