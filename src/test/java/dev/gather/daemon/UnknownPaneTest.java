package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.testing.Beside;
import dev.gather.tmux.Pane;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A pane whose program gather does not know (after a restart nothing has said what runs there) is a
 * program with an input box gather cannot read: nothing is typed onto a line a person half typed; the
 * message waits, visibly, until the line is cleared, then arrives once.
 */
@Beside
class UnknownPaneTest {
    @RegisterExtension
    final Worlds worlds = Worlds.bare().stateIn("state");

    Path home;
    World world;

    @Test
    void aHalfTypedLineInAnUnknownPaneIsNeverTypedOntoAfterARestart() throws Exception {
        Path log = home.resolve("bo.log");
        Pane bo = world.sim("Bo", "--log", log.toString());
        world.tmux.sendKeys(bo.id(), "-l", "half typed");
        await().atMost(Duration.ofSeconds(10)).until(() -> world.screen(bo).contains("> half typed"));
        // Bo's start hook is taken by this daemon before it stops: one still in the spool would be the
        // next daemon's to hear (nothing in the spool is lost), and that daemon would know Bo's harness
        await().atMost(Duration.ofSeconds(20))
                .until(() -> world.daemon.post.profileOf(bo.id()).name().equals("sim"));
        // the new daemon has heard no hook from Bo: its program (java) is not one gather knows
        world.restartDaemon();

        JsonNode sent = world.tell(null, bo.id(), "should wait");
        assertTrue(sent.path("ok").asBoolean(true) && !sent.has("error"), sent.toString());
        await().atMost(Duration.ofSeconds(20)).until(() -> note(bo).contains("holds text gather did not type"));
        await().during(Duration.ofSeconds(3))
                .atMost(Duration.ofSeconds(10))
                .until(() -> !world.screen(bo).contains("should wait")
                        && world.screen(bo).contains("> half typed"));
        assertEquals(
                "generic", channel(bo).path("profile").asText(), channel(bo).toString());

        // the person clears the line: the message goes, once, on a line of its own
        world.tmux.sendKeys(bo.id(), "C-u");
        await().atMost(Duration.ofSeconds(20))
                .until(() -> Files.exists(log) && Files.readString(log).contains("should wait"));
        await().atMost(Duration.ofSeconds(10)).until(() -> note(bo).isEmpty());
        List<String> inputs = Files.readAllLines(log);
        assertEquals(1, inputs.size(), inputs.toString());
        assertTrue(inputs.get(0).startsWith("\"[human] (1):"), inputs.toString());
        // the sim logs what it read before it thinks and answers
        await().atMost(Duration.ofSeconds(20)).until(() -> world.screen(bo).contains("Bo heard \"should wait\""));
    }

    private String note(Pane pane) throws Exception {
        return channel(pane).path("note").asText("");
    }

    /** The pane's delivery picture from the daemon's status. */
    private JsonNode channel(Pane pane) throws Exception {
        for (JsonNode d : world.call(null, "status", World.args()).path("deliveries")) {
            if (d.path("pane").asText().equals(pane.id())) {
                return d.path("delivery");
            }
        }
        return World.JSON.createObjectNode();
    }
}
