package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.journal.JournalSchema;
import dev.gather.journal.Transcript;
import dev.gather.testing.Slow;
import dev.gather.tmux.Pane;
import dev.gather.turn.TurnOutput;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What a daemon writes into its journals is what schemas/journal.schema.json says, line for line:
 * a gathering of sims ended by command with its harvest, a direct link, a one-shot, and a restart
 * that resumes the link.
 */
@Slow
class JournalContractTest {
    private static final Duration LONG = Duration.ofSeconds(90);
    private static final String QUIET = "never-matches-anything";

    @RegisterExtension
    final Worlds worlds = Worlds.withAgents(World.SIM_AGENTS + World.TALKER);

    Path home;
    World world;

    @Test
    void everyLineADaemonWritesIsOneTheSchemaAccepts() throws Exception {
        // two quiet sims: their direct link says only what the test makes them say, so it is still
        // open (within its turn budget) when the daemon restarts, however slow the machine
        Pane ed = world.sim("Ed", "--reply-when", QUIET);
        Pane flo = world.sim("Flo", "--reply-when", QUIET);
        JsonNode linked = world.call(
                ed,
                "send",
                World.args().put("to", "Flo").put("message", "Hello Flo").put("direct", true));
        assertTrue(linked.path("ok").asBoolean(), linked.toString());
        String link = linked.path("link").path("id").asText();
        world.tell(flo, ed.id(), "A word outside the link.");

        // Bo never passes: the gathering stands at his turn until the end comes, however fast the machine
        JsonNode started = Ceremonies.start(
                world,
                Ceremonies.args("standard", "Ada:speaker:speaker", "Bo:speaker:talker", "Hal:harvester:harvester")
                        .put("beat_interval_seconds", 30));
        String gathering = started.path("gathering_id").asText();
        await().atMost(LONG)
                .until(() -> Ceremonies.status(world, gathering).path("turns").asInt() >= 2);
        Cli.Result end = Cli.run(home, Optional.of(world.socket), "end", "--operator", gathering);
        assertEquals(0, end.code(), end.out());
        await().atMost(LONG).until(() -> !world.entries(gathering, "close").isEmpty());
        assertEquals(1, world.entries(gathering, "harvest").size());

        world.restartDaemon();
        assertEquals(1, world.entries(link, "resumed").size(), "the new daemon re-opened the link");
        world.daemon.relay.onTurnOutput(
                new TurnOutput(flo.id(), "sim", "Heard you, after the restart.", Instant.now()));
        await().atMost(LONG).until(() -> world.entries(link, "relay").size() == 2);

        Set<String> kinds = new TreeSet<>();
        try (Stream<Path> files = Files.list(world.state.journals())) {
            for (Path f : files.filter(p -> p.toString().endsWith(".jsonl")).toList()) {
                Transcript.read(f).forEach(e -> kinds.add(e.path("kind").asText()));
            }
        }
        assertEquals(List.of(), JournalSchema.problemsIn(world.state.journals()));
        assertTrue(
                kinds.containsAll(Set.of(
                        "start",
                        "announce",
                        "private",
                        "relay",
                        "harvest",
                        "close",
                        "handshake",
                        "oneshot",
                        "resumed",
                        "delivery")),
                kinds.toString());
    }
}
