package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.testing.Beside;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** `gather events --follow --json` read by a program while a gathering of sims runs, then resumed with --after. */
@Beside
class EventStreamTest {
    @RegisterExtension
    final Worlds worlds = Worlds.withSimAgents();

    Path home;
    World world;
    Process follower;

    @AfterEach
    void stop() throws Exception {
        if (follower != null) {
            follower.destroy();
            follower.waitFor(20, TimeUnit.SECONDS);
        }
    }

    @Test
    void everyEventArrivesInJournalOrderAndTheStreamResumesAfterACursor() throws Exception {
        JsonNode started = Ceremonies.start(
                world, Ceremonies.minimal(1, 1), "Ada::speaker", "Bo::speaker", "Hal:harvester:harvester");
        String id = started.path("gathering_id").asText();

        List<JsonNode> streamed = new CopyOnWriteArrayList<>();
        follower = Cli.start(home, Optional.empty(), "events", "--gathering", id, "--follow", "--json");
        Thread reader = new Thread(() -> read(follower, streamed), "events-reader");
        reader.setDaemon(true);
        reader.start();

        await().atMost(Duration.ofSeconds(180))
                .until(() -> !world.entries(id, "close").isEmpty());
        // delivery steps may still follow the close: the stream catches up with what the journal holds,
        // and what it streamed is then compared with the journal read after it (which may hold more)
        AtomicInteger caughtUp = new AtomicInteger();
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            caughtUp.set(world.journal(id).size());
            return streamed.size() >= caughtUp.get();
        });
        List<JsonNode> got = List.copyOf(streamed);
        List<JsonNode> journal = world.journal(id);
        assertTrue(got.size() >= caughtUp.get(), "the stream caught up with the journal");
        assertTrue(
                got.size() <= journal.size(), "nothing twice, nothing extra: " + got.size() + " of " + journal.size());
        for (int i = 0; i < got.size(); i++) {
            JsonNode e = got.get(i);
            assertEquals(i + 1, e.path("n").asLong(), "in journal order: " + e);
            assertEquals(id, e.path("journal").asText());
            assertEquals(journal.get(i).path("kind").asText(), e.path("kind").asText(), e.toString());
            assertEquals(journal.get(i).path("time").asText(), e.path("time").asText(), e.toString());
            assertEquals(journal.get(i).path("text").asText(), e.path("text").asText(), e.toString());
        }
        long relays = count(journal, "relay");
        assertTrue(relays >= 2, "both speakers were relayed: " + relays);
        assertEquals(relays, streamed.stream().filter(e -> is(e, "relay")).count());
        List<JsonNode> pieces = streamed.stream().filter(e -> is(e, "piece")).toList();
        assertTrue(pieces.size() >= 2, "the piece moved: " + pieces);
        assertTrue(
                pieces.stream().allMatch(p -> List.of("Ada", "Bo")
                        .contains(p.path("member").asText())),
                pieces::toString);
        assertEquals(1, streamed.stream().filter(e -> is(e, "close")).count());
        assertTrue(streamed.stream().anyMatch(e -> is(e, "delivery") && e.has("state")), "delivery states are events");

        long cursor = journal.size() / 2;
        Cli.Result resumed =
                Cli.run(home, Optional.empty(), "events", "--gathering", id, "--after", "" + cursor, "--json");
        assertEquals(0, resumed.code(), resumed.out());
        List<JsonNode> tail = resumed.out()
                .lines()
                .filter(l -> l.startsWith("{"))
                .map(EventStreamTest::json)
                .toList();
        // the follower may still be reading what the command read (or more): both are in journal order
        await().atMost(Duration.ofSeconds(60)).until(() -> streamed.size() >= cursor + tail.size());
        assertEquals(
                streamed.subList((int) cursor, (int) cursor + tail.size()), tail, "resumed exactly after the cursor");
    }

    @Test
    void aCursorWithoutAJournalAndAnUnknownJournalAreRefused() throws Exception {
        Cli.Result noScope = Cli.run(home, Optional.empty(), "events", "--after", "3");
        assertEquals(1, noScope.code(), noScope.out());
        assertTrue(noScope.out().contains("after needs a link or gathering"), noScope.out());
        Cli.Result unknown = Cli.run(home, Optional.empty(), "events", "--gathering", "g-nope");
        assertEquals(1, unknown.code(), unknown.out());
        assertTrue(unknown.out().contains("no journal named g-nope"), unknown.out());
    }

    private static boolean is(JsonNode e, String event) {
        return e.path("event").asText().equals(event);
    }

    private static long count(List<JsonNode> journal, String kind) {
        return journal.stream()
                .filter(e -> e.path("kind").asText().equals(kind))
                .count();
    }

    private static JsonNode json(String line) {
        try {
            return World.JSON.readTree(line);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + line, e);
        }
    }

    private static void read(Process p, List<JsonNode> into) {
        try (BufferedReader in =
                new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.startsWith("{")) {
                    into.add(json(line));
                }
            }
        } catch (Exception e) {
            // the follower was stopped
        }
    }
}
