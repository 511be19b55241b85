package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.gathering.GatheringOptions;
import dev.gather.history.Pulse;
import dev.gather.link.Role;
import dev.gather.rehearsal.Behaviour;
import dev.gather.rehearsal.Part;
import dev.gather.rehearsal.Rehearsal;
import dev.gather.rehearsal.Timeline;
import dev.gather.rhythm.Phase;
import dev.gather.rhythm.Reveal;
import dev.gather.rhythm.Rhythm;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.testing.Beside;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code gather rehearse} is the same machine with the same prompts as a real gathering: a gathering
 * of the default (polite) sims in real tmux panes journals, prompt for prompt and in the same order,
 * what the rehearsal of its rhythm with answering members prints; and so it reads like a meeting,
 * nobody speaking out of turn.
 */
@Beside
class RehearsalMatchesGatheringTest {
    /** The journal lines a rehearsal has too: what is typed, kept or decided (not deliveries, starts or spawns). */
    private static final Set<String> KINDS =
            Set.of("announce", "private", "relay", "out_of_turn", "late", "harvest", "close", "pass", "take");

    private static final List<String> SPEAKERS = List.of("Ada", "Bo", "Cy");

    @TempDir
    Path home;

    /** Every shipped rhythm of a gathering: direct is a link's, which no rehearsal plays. */
    static Stream<String> gatheringRhythms() {
        return RhythmLibrary.SHIPPED.stream().filter(name -> !name.equals("direct"));
    }

    @ParameterizedTest
    @MethodSource("gatheringRhythms")
    void aRehearsalPrintsWhatARealGatheringOfSimsJournals(String name) throws Exception {
        Rhythm rhythm = RhythmLibrary.shippedRhythm(name).orElseThrow();
        try (World world = new World(home)) {
            ObjectNode args = World.args().put("rhythm", name);
            var ps = args.putArray("participants");
            // the default agent: a polite sim, as gather start gives a participant named without one; two
            // speakers, or as many as the rhythm needs at least (count's three)
            List<String> speakers =
                    SPEAKERS.subList(0, Math.max(2, rhythm.roles().minSpeakers()));
            speakers.forEach(s -> ps.addObject().put("name", s));
            ps.addObject().put("name", "Hal").put("role", "harvester");
            JsonNode started = world.call(null, "start_gathering", args);
            assertTrue(started.path("ok").asBoolean(), started.toString());
            String id = started.path("gathering_id").asText();
            await().atMost(Duration.ofSeconds(120))
                    .until(() -> !world.entries(id, "close").isEmpty());

            // the pulse is what history says, an input like the members: the one the gathering had
            String pulse = Pulse.of(Pulse.keywords(name, rhythm.openingQuestion()), world.homes, id);
            Timeline rehearsal = Rehearsal.run(
                    rhythm,
                    Stream.concat(
                                    speakers.stream().map(s -> new Part(s, Role.SPEAKER, Behaviour.ANSWERS)),
                                    Stream.of(new Part("Hal", Role.HARVESTER, Behaviour.ANSWERS)))
                            .toList(),
                    GatheringOptions.NONE,
                    () -> pulse);

            List<String> real = world.journal(id).stream()
                    .filter(e -> KINDS.contains(e.path("kind").asText()))
                    .map(RehearsalMatchesGatheringTest::line)
                    .toList();
            List<String> rehearsed = rehearsal.entries().stream()
                    .map(RehearsalMatchesGatheringTest::line)
                    .toList();
            int turns = speakers.size()
                    * rhythm.breath().stream().mapToInt(p -> p.rounds()).sum();
            assertEquals(
                    turns, real.stream().filter(l -> l.startsWith("relay |")).count(), String.join("\n", real));
            assertEquals(
                    speakers.size() + 1,
                    real.stream().filter(l -> l.startsWith("private | seed |")).count());
            assertEquals(1, real.stream().filter(l -> l.startsWith("harvest |")).count());
            // a private phase's turns reached the harvester alone, and each reveal was announced once
            int privateTurns = speakers.size()
                    * rhythm.breath().stream()
                            .filter(Phase::isPrivate)
                            .mapToInt(Phase::rounds)
                            .sum();
            assertEquals(
                    privateTurns,
                    real.stream()
                            .filter(l -> l.startsWith("relay |") && l.contains(" → [\"Hal\"] |"))
                            .count());
            assertEquals(
                    rhythm.breath().stream()
                            .filter(p -> p.reveal() != Reveal.NONE)
                            .count(),
                    real.stream()
                            .filter(l -> l.startsWith("announce | reveal |"))
                            .count());
            assertEquals(String.join("\n", real), String.join("\n", rehearsed));
            assertTrue(rehearsal.finished());
            assertEquals(List.of(), rehearsal.flags());
        }
    }

    /** Who hears a message: those it was typed to now, and those it is kept for until their own turn (digest). */
    private static ArrayNode hearers(JsonNode e) {
        ArrayNode all = JsonNodeFactory.instance.arrayNode();
        e.path("to").forEach(all::add);
        e.path("held").forEach(all::add);
        return all;
    }

    /** One step as both journals say it: kind, prompt, whom it concerns, the words. */
    private static String line(JsonNode e) {
        String who = e.path("kind").asText().equals("relay")
                ? hearers(e).toString()
                : e.path("to").asText(e.path("member").asText(e.path("from").asText("")));
        return e.path("kind").asText() + " | " + e.path("prompt").asText("") + " | "
                + e.path("from").asText("") + " → " + who + " | "
                + e.path("text").asText();
    }
}
