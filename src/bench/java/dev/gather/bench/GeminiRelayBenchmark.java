package dev.gather.bench;

import dev.gather.harness.FakeGemini;
import dev.gather.harness.GeminiHome;
import dev.gather.profile.Profiles;
import java.nio.file.Path;
import java.util.List;

/**
 * Two real Gemini CLI panes in a direct link, answering each other offline against a {@link
 * FakeGemini}: from the turn-end hook (AfterAgent, {@code bin/gather hook gemini}) to the model's
 * request carrying the words. Gemini has no door gather uses, so it is typed into; n/a when the test
 * suite's npm cache is missing.
 */
final class GeminiRelayBenchmark extends PinnedHarnessBenchmark {
    private static final String P50 = "hook to the model has the words p50, two Gemini CLI panes, keystrokes";

    /** Measures the pinned harness installed in {@code cache} (the test suite's npm cache). */
    GeminiRelayBenchmark(Path cache) {
        super("gemini", P50, cache);
    }

    @Override
    List<Metric> measure(Setting setting) throws Exception {
        int samples = setting.samples();
        Path dir = setting.dir();
        Path work = setting.work();
        try (FakeGemini model = new FakeGemini();
                HarnessRelay relay = new HarnessRelay(dir, List.of())) {
            model.script(numberedTurns());
            GeminiHome gemini = new GeminiHome(dir.resolve("home"), model)
                    .prepare(List.of(work))
                    .afterAgentHook(setting.launcher());
            List<HarnessRelay.Sample> typed = relay.pingPong(
                    Profiles.shipped().forKind("gemini"),
                    List.of(setting.program().toString()),
                    gemini.env(),
                    work,
                    samples);
            double[] ms = PinnedHarnesses.hookToModel(typed, model.calls(FakeGemini::turn));
            return List.of(
                    Metric.of(P50, "ms", PinnedHarnesses.p50(ms), ""),
                    Metric.of(
                            "hook to the model has the words p99, two Gemini CLI panes, keystrokes",
                            "ms",
                            PinnedHarnesses.p99(ms),
                            ""));
        }
    }
}
