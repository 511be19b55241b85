package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.testing.Beside;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A member ended from outside ({@code tmux kill-session}, as a user would) leaves; its gathering goes on. */
@Beside
class KilledMemberTest {
    @TempDir
    Path home;

    @Test
    void aMemberWhoseSessionIsKilledLeavesAndTheGatheringReachesItsHarvest() throws Exception {
        Files.writeString(home.resolve("agents.yaml"), World.SIM_AGENTS);
        try (World world = new World(home)) {
            var args = World.args().put("rhythm", "minimal");
            var ps = args.putArray("participants");
            for (String n : List.of("Ada", "Bo", "Cy")) {
                ps.addObject().put("name", n).put("agent", "speaker");
            }
            ps.addObject().put("name", "Hal").put("role", "harvester").put("agent", "harvester");
            JsonNode started = world.call(null, "start_gathering", args);
            assertTrue(started.path("ok").asBoolean(), started.toString());
            String id = started.path("gathering_id").asText();
            // Bo has been typed into (its window is watched) before it is killed
            await().atMost(Duration.ofSeconds(60)).until(() -> world.entries(id, "delivery").stream()
                    .anyMatch(e -> e.path("to").asText().equals("Bo")
                            && e.path("state").asText().equals("delivered")));

            World.tmux(world.socket, "kill-session", "-t", id + "-Bo");

            await().atMost(Duration.ofSeconds(30)).until(() -> world.entries(id, "left").stream()
                    .anyMatch(e -> e.path("from").asText().equals("Bo")));
            await().atMost(Duration.ofMinutes(3))
                    .until(() -> !world.entries(id, "harvest").isEmpty());
            assertEquals("Hal", world.entries(id, "harvest").get(0).path("from").asText());
        }
    }
}
