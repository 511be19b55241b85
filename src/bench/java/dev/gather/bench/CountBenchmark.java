package dev.gather.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.harness.FakeModel;
import dev.gather.harness.GatheringScripts;
import dev.gather.harness.Reply;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.regex.Matcher;

/**
 * collab-bench's simplest task through a gathering: the shipped {@code count} rhythm, a Claude Code, a
 * Codex and a Gemini CLI speaker (pinned, fake models that answer the next number) count to 100, one
 * number a turn, a Claude Code harvesting. Every number must be said once and in order with no failed
 * delivery (else the benchmark fails); reported: the handoff, from the model answering a number to the
 * next holder's model having it (the fakes' request logs, one clock), p50 and p99. A quick run counts
 * to 9. n/a when the pinned harnesses are missing.
 */
final class CountBenchmark extends Benchmark {
    private static final List<String> ORDER = List.of("Ada", "Bo", "Cy");

    private final Path cache;

    /** Runs the pinned harnesses installed in {@code cache} (the npm cache make test and make bench fill). */
    CountBenchmark(Path cache) {
        super("count");
        this.cache = cache;
    }

    @Override
    public List<Metric> run(BenchContext context) throws Exception {
        int last = context.sized(9, 100);
        String who = "count to " + last + ", Claude → Codex → Gemini";
        Optional<String> missing = RealGathering.missing(cache);
        if (missing.isPresent()) {
            return List.of(PinnedHarnesses.notMeasured("handoff p50, " + who, missing.get()));
        }
        Map<Integer, Instant> answered = new ConcurrentHashMap<>();
        Map<String, Function<FakeModel.Call, Reply>> scripts = Map.of(
                "Ada", GatheringScripts.counter("Ada", last, answered),
                "Bo", GatheringScripts.quietAfterTools(GatheringScripts.counter("Bo", last, answered)),
                "Cy", GatheringScripts.counter("Cy", last, answered),
                "Hal", GatheringScripts.harvester("Hal"));
        RealGathering.Outcome run = RealGathering.run(
                context.scratch().resolve("count"),
                RealGathering.pinned(cache),
                context.quick() ? "count-quick" : "count",
                context.quick() ? Optional.of(quick()) : Optional.empty(),
                scripts,
                Optional.of("Count from 1 to " + last + " together, one number a turn."),
                Duration.ofMinutes(context.quick() ? 5 : 30));
        List<Integer> said = said(run);
        List<Integer> expected = new ArrayList<>();
        for (int n = 1; n <= last; n++) {
            expected.add(n);
        }
        List<JsonNode> failed = run.entries("delivery").stream()
                .filter(d -> d.path("state").asText().equals("failed"))
                .toList();
        if (!said.equals(expected) || !failed.isEmpty()) {
            // CI shows only the last lines: when the harvest and the close came places a failure among them
            throw new IllegalStateException(who + ": said " + said + ", failed deliveries " + failed + ", harvest at "
                    + times(run, "harvest") + ", close at " + times(run, "close"));
        }
        double[] handoffs = handoffs(run, answered, last);
        return List.of(
                Metric.of(
                        "handoff p50, " + who,
                        "ms",
                        PinnedHarnesses.p50(handoffs),
                        "model answered a number → the next holder's model has it; every number once, in order"),
                Metric.of("handoff p99, " + who, "ms", PinnedHarnesses.p99(handoffs), ""),
                Metric.of("wall time to harvest, " + who, "s", run.toClose().toMillis() / 1000.0, ""),
                Metric.of(
                        "model calls, " + who,
                        "calls",
                        run.modelCalls(),
                        (ORDER.size() * rounds(last) + RealGathering.MEMBERS.size() + 1)
                                + " turns, seeds and harvest"));
    }

    private static List<String> times(RealGathering.Outcome run, String kind) {
        return run.entries(kind).stream().map(e -> e.path("time").asText()).toList();
    }

    /** The numbers the speakers' relayed words said, in the journal's order. */
    private static List<Integer> said(RealGathering.Outcome run) {
        List<Integer> said = new ArrayList<>();
        for (JsonNode relay : run.entries("relay")) {
            if (ORDER.contains(relay.path("from").asText())) {
                Matcher m = GatheringScripts.numbers(relay.path("text").asText());
                while (m.find()) {
                    said.add(Integer.parseInt(m.group(1)));
                }
            }
        }
        return said;
    }

    /** For each number but the last: from its model's answer to the next holder's first request carrying it. */
    private static double[] handoffs(RealGathering.Outcome run, Map<Integer, Instant> answered, int last) {
        double[] ms = new double[last - 1];
        for (int n = 1; n < last; n++) {
            String words = "Number " + n + ".";
            Instant from = answered.get(n);
            // the holder of n+1 is the next in the speaking order
            FakeModel next = run.models().get(ORDER.get(n % ORDER.size()));
            Instant has = RealGathering.turns(next).stream()
                    .filter(c -> c.lastUserText().contains(words))
                    .map(FakeModel.Call::at)
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("no request of the next holder carried " + words));
            ms[n - 1] = Duration.between(from, has).toNanos() / 1e6;
        }
        return ms;
    }

    private static int rounds(int last) {
        return (last + ORDER.size() - 1) / ORDER.size();
    }

    /** The shipped count rhythm cut to three rounds (nine turns), for a quick run. */
    private static String quick() throws IOException {
        String text = LiveRhythm.shipped("count");
        String cut = text.replaceFirst("(?m)^name: count$", "name: count-quick")
                .replaceFirst("(?m)(phase: count, rounds: )17", "$12")
                .replaceFirst("(?m)(phase: count-on, rounds: )17", "$11");
        if (!cut.contains("rounds: 2") || !cut.contains("rounds: 1,")) {
            throw new IllegalStateException("the count rhythm changed shape; update the count benchmark");
        }
        return cut;
    }
}
