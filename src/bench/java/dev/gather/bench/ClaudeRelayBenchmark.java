package dev.gather.bench;

import dev.gather.harness.ClaudeHome;
import dev.gather.harness.FakeAnthropic;
import dev.gather.profile.Profiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Relay latency between two real Claude Code panes in a direct link, from the turn-end hook (the
 * time {@code bin/gather hook claude} stamps on its spool file) to the words submitted in the other
 * pane (typed, Enter taken) and to the model's request carrying them, next to two simulated agents
 * measured the same way in the same run. Then two more Claude panes get the words through Claude's
 * own door, its messaging socket, as the daemon opens it: hook to the model's request, door against
 * keystrokes; and Claude's own part of it, from taking the words to its request. Claude runs offline
 * against a {@link FakeAnthropic} in a private HOME; it is the pinned version the test suite
 * installed with npm, or n/a when that cache is missing.
 */
final class ClaudeRelayBenchmark extends PinnedHarnessBenchmark {
    private static final String RELAY_P50 = "relay hook to submitted p50, two Claude Code panes vs two sims";
    private static final String DOOR = "two Claude Code panes, messaging socket";

    /** Measures the pinned harness installed in {@code cache} (the test suite's npm cache). */
    ClaudeRelayBenchmark(Path cache) {
        super("claude", RELAY_P50, cache);
    }

    @Override
    List<Metric> measure(Setting setting) throws Exception {
        int samples = setting.samples();
        Path dir = setting.dir();
        Path home = dir.resolve("home");
        Path work = setting.work();
        try (FakeAnthropic model = new FakeAnthropic();
                HarnessRelay relay = new HarnessRelay(dir, List.of(home.resolve(".claude")))) {
            model.script(numberedTurns());
            ClaudeHome claude =
                    new ClaudeHome(home, model).prepare(List.of(work)).hooks(setting.launcher());
            Profiles profiles = Profiles.shipped();
            List<String> command = List.of(setting.program().toString());
            relay.keystrokes();
            List<HarnessRelay.Sample> typed =
                    relay.pingPong(profiles.forKind("claude"), command, claude.env(), work, samples);
            String java = ProcessHandle.current().info().command().orElse("java");
            String cp = System.getProperty("java.class.path");
            List<HarnessRelay.Sample> sim = relay.pingPong(
                    profiles.forKind("sim"),
                    List.of(java, "-XX:+UseSerialGC", "-cp", cp, "dev.gather.cli.Main", "sim", "--think-ms", "50"),
                    Map.of(),
                    work,
                    samples);
            relay.doors();
            List<HarnessRelay.Sample> handed =
                    relay.pingPong(profiles.forKind("claude"), command, claude.env(), work, samples);
            double[] claudeMs = PinnedHarnesses.hookToTaken(typed);
            double[] simMs = PinnedHarnesses.hookToTaken(sim);
            List<Metric> rows = new ArrayList<>(List.of(
                    Metric.vs(RELAY_P50, "ms", PinnedHarnesses.p50(claudeMs), PinnedHarnesses.p50(simMs), ""),
                    Metric.vs(
                            "relay hook to submitted p99, two Claude Code panes vs two sims",
                            "ms",
                            PinnedHarnesses.p99(claudeMs),
                            PinnedHarnesses.p99(simMs),
                            "")));
            double[] own = ClaudeQueueTimes.read(home.resolve(".claude")).queuedToModel(handed, model.turns());
            rows.addAll(PinnedHarnesses.doorRows(
                    DOOR,
                    "keystrokes",
                    handed,
                    PinnedHarnesses.hookToModel(handed, model.turns()),
                    PinnedHarnesses.hookToModel(typed, model.turns()),
                    Optional.of("Claude's own part, next row, is more than the goal")));
            if (own.length > 0) {
                rows.add(Metric.of(
                        "of which Claude's own, its queue to the model has the words p50, " + DOOR,
                        "ms",
                        PinnedHarnesses.p50(own),
                        "from its transcript's enqueue; no door shortens it"));
            }
            return rows;
        }
    }
}
