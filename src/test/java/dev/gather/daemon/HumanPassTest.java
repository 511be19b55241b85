package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.testing.Beside;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** `gather pass --gathering` from a plain terminal (no pane) passes as the gathering's human member. */
@Beside
class HumanPassTest {
    // quiet: a sim that never answers, so it keeps the piece until its beats run out (minutes here)
    @RegisterExtension
    final Worlds worlds = Worlds.withAgents(
            World.SIM_AGENTS + "  quiet: [\"{gather}\", sim, --name, \"{name}\", --reply-when, \"never-said\"]\n");

    Path home;
    World world;

    @Test
    void theHumanPassesFromATerminalWithoutAPane() throws Exception {
        String id = start("Hu:human", "Ada:speaker", "Bo:speaker");
        await().atMost(Duration.ofSeconds(30)).until(() -> holder(id).equals("Hu"));
        Cli.Result passed = Cli.run(home, Optional.empty(), "pass", "--gathering", id, "Bo");
        assertEquals(0, passed.code(), passed.out());
        assertTrue(passed.out().contains("the piece is with Bo"), passed.out());
        assertTrue(world.entries(id, "announce").stream()
                .anyMatch(e -> e.path("prompt").asText().equals("turn")
                        && e.path("member").asText().equals("Bo")));
    }

    @Test
    void theHumanCannotPassAPieceSomeoneElseHolds() throws Exception {
        String id = start("Ada:quiet", "Hu:human", "Bo:speaker");
        await().atMost(Duration.ofSeconds(30)).until(() -> holder(id).equals("Ada"));
        Cli.Result refused = Cli.run(home, Optional.empty(), "pass", "--gathering", id);
        assertEquals(1, refused.code(), refused.out());
        assertTrue(refused.out().contains("Hu does not hold the piece; Ada does"), refused.out());
        assertEquals("Ada", holder(id));
    }

    @Test
    void aGatheringWithoutAHumanSaysWhoCanPass() throws Exception {
        String id = start("Ada:speaker", "Bo:speaker");
        Cli.Result refused = Cli.run(home, Optional.empty(), "pass", "--gathering", id);
        assertEquals(1, refused.code(), refused.out());
        assertTrue(refused.out().contains("has no human member"), refused.out());
    }

    /** A minimal gathering of {@code name:agent} (or {@code name:human}) members and a harvester. */
    private String start(String... members) throws Exception {
        ObjectNode args = World.args().put("rhythm", "minimal").put("beat_interval_seconds", 60);
        var ps = args.putArray("participants");
        for (String m : members) {
            String[] nk = m.split(":");
            ObjectNode p = ps.addObject().put("name", nk[0]);
            if (nk[1].equals("human")) {
                p.put("role", "human");
            } else {
                p.put("agent", nk[1]);
            }
        }
        ps.addObject().put("name", "Hal").put("role", "harvester").put("agent", "harvester");
        JsonNode started = world.call(null, "start_gathering", args);
        assertTrue(started.path("ok").asBoolean(), started.toString());
        return started.path("gathering_id").asText();
    }

    private String holder(String id) throws Exception {
        return world.call(null, "gathering_status", World.args().put("gathering", id))
                .path("holder")
                .asText();
    }
}
