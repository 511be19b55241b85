package dev.gather.bench;

import dev.gather.harness.FakeModel;
import dev.gather.harness.GatheringScripts;
import dev.gather.harness.Reply;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * What a gathering costs: the {@code minimal} gathering of the pinned real Claude Code, Codex and Gemini
 * CLI as speakers and a Claude Code harvester ({@link RealGathering}, fake models, offline), once hearing
 * in a digest (as shipped) and once live ({@link LiveRhythm}), in the same run: model calls per speaking
 * turn, characters sent to the models (a token proxy) and the time to the harvest. The headline holds
 * digest to one call per speaking turn, beat, member's seed and the harvest. A quick run keeps only the
 * first phase (three turns). n/a when the pinned harnesses are missing.
 */
final class CostBenchmark extends Benchmark {
    private static final Set<String> SPEAKERS = Set.of("Ada", "Bo", "Cy");
    private static final Set<String> BEATS = Set.of("beat", "final_beat");

    private final Path cache;

    /** Runs the pinned harnesses installed in {@code cache} (the npm cache make test and make bench fill). */
    CostBenchmark(Path cache) {
        super("cost");
        this.cache = cache;
    }

    @Override
    public List<Metric> run(BenchContext context) throws Exception {
        String who = "minimal" + (context.quick() ? " (first phase)" : "")
                + ", Claude+Codex+Gemini speakers, Claude harvester";
        Optional<String> missing = RealGathering.missing(cache);
        if (missing.isPresent()) {
            return List.of(PinnedHarnesses.notMeasured("model calls per speaking turn, " + who, missing.get()));
        }
        RealGathering.Harnesses harnesses = RealGathering.pinned(cache);
        String digestText = LiveRhythm.text("minimal")
                .replaceFirst("(?m)^name: minimal-live$", "name: cost-digest")
                .replaceFirst("(?m)^hearing: live$", "hearing: digest");
        String liveText = LiveRhythm.text("minimal").replaceFirst("(?m)^name: minimal-live$", "name: cost-live");
        if (context.quick()) {
            digestText = firstPhase(digestText);
            liveText = firstPhase(liveText);
        }
        Duration atMost = Duration.ofMinutes(context.quick() ? 5 : 15);
        RealGathering.Outcome digest = RealGathering.run(
                context.scratch().resolve("digest"),
                harnesses,
                "cost-digest",
                Optional.of(digestText),
                scripts(),
                Optional.empty(),
                atMost);
        RealGathering.Outcome live = RealGathering.run(
                context.scratch().resolve("live"),
                harnesses,
                "cost-live",
                Optional.of(liveText),
                scripts(),
                Optional.empty(),
                atMost);
        int turns = speakingTurns(digest);
        int beats = (int) digest.entries("private").stream()
                .filter(e -> BEATS.contains(e.path("prompt").asText()))
                .count();
        int budget = turns + beats + RealGathering.MEMBERS.size() + 1;
        String vs = who + ", digest vs live";
        return List.of(
                Metric.vs(
                        "model calls per speaking turn, " + vs,
                        "calls",
                        (double) digest.modelCalls() / turns,
                        (double) live.modelCalls() / Math.max(1, speakingTurns(live)),
                        ""),
                Metric.vs(
                                "model calls, " + vs,
                                "calls",
                                digest.modelCalls(),
                                live.modelCalls(),
                                "≤ " + budget + ": " + turns + " speaking turns + " + beats + " beats + "
                                        + RealGathering.MEMBERS.size() + " seeds + 1 harvest")
                        .headline(budget),
                Metric.vs(
                                "the harvester's model calls (a real Claude Code), " + vs,
                                "calls",
                                harvesterCalls(digest),
                                harvesterCalls(live),
                                "= 2: its seed + the harvest, hearing everything with the harvest prompt")
                        .headline(2),
                Metric.vs(
                        "characters sent to the models, " + vs,
                        "kchars",
                        digest.charactersSent() / 1000.0,
                        live.charactersSent() / 1000.0,
                        "every request's body, side requests too: a token proxy"),
                Metric.vs(
                        "wall time to harvest, " + vs,
                        "s",
                        digest.toClose().toMillis() / 1000.0,
                        live.toClose().toMillis() / 1000.0,
                        ""));
    }

    /** The model calls of the harvester, Hal: in digest its seed and the harvest, nothing for what it hears. */
    private static int harvesterCalls(RealGathering.Outcome outcome) {
        return RealGathering.turns(outcome.models().get("Hal")).size();
    }

    /** Each member's model, as the live tests script it: speakers speak on their turn, Hal harvests. */
    private static Map<String, Function<FakeModel.Call, Reply>> scripts() {
        return Map.of(
                "Ada", GatheringScripts.speaker("Ada"),
                "Bo", GatheringScripts.quietAfterTools(GatheringScripts.speaker("Bo")),
                "Cy", GatheringScripts.speaker("Cy"),
                "Hal", GatheringScripts.harvester("Hal"));
    }

    private static int speakingTurns(RealGathering.Outcome outcome) {
        int turns = (int) outcome.entries("relay").stream()
                .filter(e -> SPEAKERS.contains(e.path("from").asText()))
                .count();
        if (turns == 0) {
            throw new IllegalStateException("no speaking turn was relayed: " + outcome.journal());
        }
        return turns;
    }

    /** {@code rhythm} with its first phase only: a quick run's three turns. */
    private static String firstPhase(String rhythm) {
        String cut = rhythm.replaceAll("(?m)^  - \\{phase: (hold|exhale),.*\\n", "");
        if (cut.equals(rhythm)) {
            throw new IllegalStateException("the minimal rhythm changed shape; update the cost benchmark");
        }
        return cut;
    }
}
