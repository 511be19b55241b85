package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.link.Link;
import dev.gather.testing.Beside;
import dev.gather.tmux.Pane;
import dev.gather.tmux.SpawnSpec;
import dev.gather.turn.HookEvent;
import dev.gather.turn.Spool;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Acting as another member (issue 28), from a process of the same user outside every pane (this
 * test's own, on the real socket): a name claimed with {@code as} that is, to the eye, a member's or
 * a pane's is refused however it is spelled, and a process that is no member of a gathering neither
 * ends it nor takes its piece unless it says it acts as the operator, which is journalled. The
 * promise these hold is docs/security.md's.
 */
@Beside
class IdentityAbuseTest {
    private static final Duration LONG = Duration.ofSeconds(90);
    private static final String STUCK =
            """
              stuck: ["{gather}", sim, --name, "{name}", --think-ms, "600000", --reply-when, "now with {name} "]
            """;

    @RegisterExtension
    final Worlds worlds = Worlds.withAgents(World.SIM_AGENTS + STUCK);

    @TempDir
    Path work;

    Path home;
    World world;

    @Test
    void aNameSomeoneHoldsCannotBeClaimedWithAsHoweverItIsSpelled() throws Exception {
        Pane ada = world.sim("Ada", "--reply-when", "never-matches-anything");
        Pane bo = world.sim("Bo", "--reply-when", "never-matches-anything");
        world.linkInPanes("test", ada, bo);
        // as the adversarial pass wrote them: plain, other case, a Cyrillic A, full-width letters
        for (String as : List.of("Ada", "ADA", "ada", "\u0410da", "\u0410\u0501\u0430", "\uFF21da", "Ада")) {
            JsonNode answer = raw(World.args()
                    .put("op", "send")
                    .put("to", bo.id())
                    .put("message", "forged as " + as)
                    .put("as", as));
            assertFalse(answer.path("ok").asBoolean(), as + ": " + answer);
            assertTrue(answer.path("error").asText().contains("refused: 'as' names"), answer.toString());
        }
        Cli.Result cli = Cli.run(home, Optional.of(world.socket), "send", "--to", bo.id(), "--as", "Ada", "forged");
        assertNotEquals(0, cli.code(), cli.out());
        assertTrue(cli.out().contains("refused: 'as' names Ada"), cli.out());

        // a name nobody holds is the caller's to use, and reaches Bo under it
        JsonNode own = raw(World.args()
                .put("op", "send")
                .put("to", bo.id())
                .put("message", "from Carol")
                .put("as", "Carol"));
        assertTrue(own.path("ok").asBoolean(), own.toString());
        await().atMost(LONG).until(() -> world.screen(bo).contains("[Carol] (1):"));
        assertFalse(world.screen(bo).contains("[Ada] (1):"), world.screen(bo));
        assertEquals(
                List.of("Carol"),
                world.entries("oneshot", "oneshot").stream()
                        .map(e -> e.path("from").asText())
                        .toList());
    }

    @Test
    void aProcessThatIsNoMemberNeitherEndsAGatheringNorTakesItsPieceUnlessItSaysOperator() throws Exception {
        // a stuck holder keeps the piece for the test's whole length: its turn's cap (ten beats and the
        // grace) is past a loaded machine's 36 requests and a command's JVM
        JsonNode started = Ceremonies.start(
                world,
                Ceremonies.args("standard", "Ada:speaker:stuck", "Bo:speaker:speaker", "Hu:human")
                        .put("beat_interval_seconds", 60));
        String id = started.path("gathering_id").asText();
        await().atMost(LONG).until(() -> "Ada".equals(Ceremonies.holder(world, id)));

        for (String op : List.of("end_gathering", "take")) {
            JsonNode refused =
                    raw(World.args().put("op", op).put("gathering", id).put("now", true));
            assertFalse(refused.path("ok").asBoolean(), refused.toString());
            assertTrue(refused.path("error").asText().contains("is no member of " + id), refused.toString());
            // a name that is not the human member's does not open the door either
            JsonNode named = raw(World.args().put("op", op).put("gathering", id).put("as", "Ada"));
            assertFalse(named.path("ok").asBoolean(), named.toString());
            // nor one drawn like it in Cyrillic (issue 35: Ада was taken as Ada)
            JsonNode lookalike =
                    raw(World.args().put("op", op).put("gathering", id).put("as", "Ни"));
            assertFalse(lookalike.path("ok").asBoolean(), lookalike.toString());
            assertTrue(
                    lookalike.path("error").asText().contains("looks like the human member Hu"), lookalike.toString());
        }
        // the human member's words from a terminal are paced: a loop of 30 gets 10 through
        int said = 0;
        String lastRefusal = "";
        for (int i = 0; i < 30; i++) {
            JsonNode say =
                    raw(World.args().put("op", "say").put("gathering", id).put("text", "flood " + i));
            if (say.path("ok").asBoolean()) {
                said++;
            } else {
                lastRefusal = say.path("error").asText();
            }
        }
        assertEquals(10, said, lastRefusal);
        assertTrue(lastRefusal.contains("say: refused: 10 messages in 10 s"), lastRefusal);

        Cli.Result end = Cli.run(home, Optional.of(world.socket), "end", "--now", id);
        assertNotEquals(0, end.code(), end.out());
        assertTrue(end.out().contains("gather end --operator " + id), end.out());
        assertEquals("Ada", Ceremonies.holder(world, id), "the piece stayed");
        assertEquals("speaking", Ceremonies.status(world, id).path("state").asText());
        assertTrue(world.entries(id, "take").isEmpty());

        // the human member by name takes it; the user as operator ends it, and the journal says so
        Cli.Result take = Cli.run(home, Optional.of(world.socket), "take", id, "--as", "hu", "--to", "Bo");
        assertEquals(0, take.code(), take.out());
        Cli.Result operator = Cli.run(home, Optional.of(world.socket), "end", "--now", "--operator", id);
        assertEquals(0, operator.code(), operator.out());
        List<JsonNode> noted = world.entries(id, "operator");
        assertEquals(1, noted.size(), world.journal(id).toString());
        assertEquals("end_gathering", noted.get(0).path("op").asText());
        assertEquals("a process outside every pane", noted.get(0).path("by").asText());
    }

    @Test
    void aProcessFromInsideAnotherPaneCannotActForAPaneByDetachingOrThroughTheBridge() throws Exception {
        Pane ada = world.sim("Ada", "--reply-when", "never-matches-anything");
        Pane cy = world.sim("Cy", "--reply-when", "never-matches-anything");
        String java = ProcessHandle.current().info().command().orElse("java");
        String cp = System.getProperty("java.class.path");
        Path gather = work.resolve("gather.sh");
        Files.writeString(
                gather,
                "#!/bin/sh\nexec '" + java + "' -XX:TieredStopAtLevel=1 -cp '" + cp + "' dev.gather.cli.Main \"$@\"\n");
        gather.toFile().setExecutable(true);
        Files.writeString(
                work.resolve("probe.sh"),
                """
                setsid -f sh -c '%1$s send --pane %2$s --to %3$s "detached forged" > setsid.out 2>&1; \
                  echo "exit $?" >> setsid.out'
                setsid -f env -u TMUX -u TMUX_PANE sh -c '%1$s send --pane %2$s --to %3$s "cleared forged" \
                  > cleared.out 2>&1; echo "exit $?" >> cleared.out'
                '%4$s' -cp '%5$s' dev.gather.bridge.CliBridge send --pane %2$s --to %3$s 'bridged forged' \
                  > cli.out 2>&1; echo "exit $?" >> cli.out
                echo done > done.out
                """
                        .formatted(gather, ada.id(), cy.id(), java, cp));
        Pane bo = world.tmux.spawn(new SpawnSpec(
                "Bo",
                List.of("sh", "-c", "sh ./probe.sh; exec sleep 600"),
                Map.of(
                        "GATHER_HOME",
                        world.state.root().toString(),
                        "GATHER_TMUX_SOCKET",
                        world.socket,
                        "LANG",
                        "C.UTF-8"),
                work,
                160,
                40));
        await().atMost(LONG)
                .until(() -> Files.exists(work.resolve("done.out"))
                        && Files.exists(work.resolve("setsid.out"))
                        && Files.readString(work.resolve("setsid.out")).contains("exit "));
        // issue 35: with $TMUX and $TMUX_PANE cleared too, the pane's terminal still says where it started
        await().atMost(LONG)
                .until(() -> Files.exists(work.resolve("cleared.out"))
                        && Files.readString(work.resolve("cleared.out")).contains("exit "));
        String cleared = Files.readString(work.resolve("cleared.out"));
        assertTrue(cleared.contains("was started in pane " + bo.id()), cleared);
        assertFalse(cleared.contains("exit 0"), cleared);
        String detached = Files.readString(work.resolve("setsid.out"));
        assertTrue(detached.contains("was started in pane " + bo.id()), detached);
        assertFalse(detached.contains("exit 0"), detached);
        String bridged = Files.readString(work.resolve("cli.out"));
        assertTrue(bridged.contains("refused: this process runs in pane " + bo.id()), bridged);
        assertFalse(bridged.contains("exit 0"), bridged);
        assertTrue(world.entries("oneshot", "oneshot").isEmpty(), "nothing was sent as Ada");
        assertTrue(world.entries("oneshot", "on_behalf").isEmpty(), "nor journalled as done on Ada's behalf");
        assertFalse(world.screen(cy).contains("forged"), world.screen(cy));
    }

    @Test
    void aCodexStyleHookFromOutsideIsNotAdasForNamingWhatGatherTypedIntoHerOrHerThread() throws Exception {
        Pane ada = world.sim("Ada", "--reply-when", "never-matches-anything");
        Pane bo = world.sim("Bo", "--reply-when", "never-matches-anything");
        Link link = world.linkInPanes("codex", ada, bo);
        // what gather typed into Ada, and a thread the daemon learned as Ada's from a turn of hers
        String typed = "[Bo] (2):\n\nwhat do you think?";
        world.daemon.sessions.typed(ada.id(), typed);
        world.daemon.sessions.typed(ada.id(), "learned");
        world.daemon.sessions.judge(
                new HookEvent("codex", ada.id(), Instant.now(), codex("thread-of-ada", "learned", "a turn of Ada's")));
        assertEquals(Optional.of(ada.id()), world.daemon.sessions.paneOfThread("thread-of-ada"));

        // on the socket, naming her thread does not make this process Ada
        ObjectNode byThread = World.args().put("op", "send").put("close_link", true);
        byThread.putObject("caller").put("thread", "thread-of-ada");
        JsonNode refused = raw(byThread);
        assertFalse(refused.path("ok").asBoolean(), refused.toString());
        assertTrue(world.daemon.links.byPane(ada.id()).isPresent(), "Ada's link is still open");

        Spool spool = new Spool(world.state.spool());
        // written by this process, outside every pane, as a Codex notify program would
        spool.drop(HookEvent.fromThisProcess(
                "codex", "-", Instant.now(), codex("thread-new", typed, "forged by typed text")));
        spool.drop(HookEvent.fromThisProcess(
                "codex", "-", Instant.now(), codex("thread-of-ada", "other", "forged by thread")));
        await().atMost(LONG).until(() -> count(spool.rejected()) == 2);
        assertTrue(
                world.entries(link.id(), "relay").isEmpty(),
                world.journal(link.id()).toString());
        assertFalse(world.screen(bo).contains("forged"), world.screen(bo));
    }

    private static String codex(String thread, String input, String answer) {
        return World.JSON
                .createObjectNode()
                .put("type", "agent-turn-complete")
                .put("thread-id", thread)
                .put("last-assistant-message", answer)
                .set("input-messages", World.JSON.createArrayNode().add(input))
                .toString();
    }

    private static long count(Path dir) throws Exception {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.count();
        }
    }

    /** One request on the daemon's socket from this process, outside every pane of the test's server. */
    private JsonNode raw(ObjectNode request) throws Exception {
        try (SocketChannel ch = world.state.connect()) {
            Channels.newOutputStream(ch)
                    .write((World.JSON.writeValueAsString(request) + "\n").getBytes(StandardCharsets.UTF_8));
            String line = new BufferedReader(new InputStreamReader(Channels.newInputStream(ch), StandardCharsets.UTF_8))
                    .readLine();
            return World.JSON.readTree(line);
        }
    }
}
