package dev.gather.bench;

import dev.gather.door.CodexNative;
import dev.gather.harness.CodexHome;
import dev.gather.harness.FakeOpenAI;
import dev.gather.profile.Profiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Two real Codex CLI panes in a direct link, answering each other offline against a {@link
 * FakeOpenAI}: from the turn-end hook (Codex's notify, {@code bin/gather hook codex}) to the model's
 * request carrying the words, through Codex's own door (its server's control socket, as the daemon
 * opens it) against two other Codex panes typed into, in the same run; in a whole run, a third pair
 * whose door runs {@code codex queue} (the native program behind npm's node launcher) for every
 * message instead, as it did before. Each pair has its own CODEX_HOME (so its own background server); n/a when the test
 * suite's npm cache is missing.
 */
final class CodexRelayBenchmark extends PinnedHarnessBenchmark {
    private static final String DOOR = "two Codex panes, codex queue";

    /** Measures the pinned harness installed in {@code cache} (the test suite's npm cache). */
    CodexRelayBenchmark(Path cache) {
        super("codex", "hook to the model has the words p50, " + DOOR + " vs keystrokes", cache);
    }

    @Override
    List<Metric> measure(Setting setting) throws Exception {
        int samples = setting.samples();
        Path dir = setting.dir();
        Path work = setting.work();
        List<CodexHome> homes = new ArrayList<>();
        try (FakeOpenAI model = new FakeOpenAI();
                HarnessRelay relay = new HarnessRelay(dir, List.of())) {
            model.script(numberedTurns());
            Path launcher = setting.launcher();
            Path program = setting.program();
            List<String> codex = List.of(program.toString());
            CodexHome typed = home(dir.resolve("typed"), model, work, launcher, homes);
            relay.keystrokes();
            List<HarnessRelay.Sample> keys =
                    relay.pingPong(Profiles.shipped().forKind("codex"), codex, typed.env(), work, samples);
            CodexHome queued = home(dir.resolve("queued"), model, work, launcher, homes);
            relay.doors();
            List<HarnessRelay.Sample> door =
                    relay.pingPong(Profiles.shipped().forKind("codex"), codex, queued.env(), work, samples);
            double[] doorMs = PinnedHarnesses.hookToModel(door, model.calls(FakeOpenAI::turn));
            List<Metric> rows = new ArrayList<>(PinnedHarnesses.doorRows(
                    DOOR,
                    "keystrokes",
                    door,
                    doorMs,
                    PinnedHarnesses.hookToModel(keys, model.calls(FakeOpenAI::turn)),
                    Optional.empty()));
            if (!setting.quick()) {
                // what the control socket saves by not running `codex queue` for every message, as the door did before
                CodexHome viaCommand = home(dir.resolve("command"), model, work, launcher, homes);
                relay.doors(CodexNative.behind(program));
                List<HarnessRelay.Sample> slow =
                        relay.pingPong(Profiles.shipped().forKind("codex"), codex, viaCommand.env(), work, samples);
                double[] commandMs = PinnedHarnesses.hookToModel(slow, model.calls(FakeOpenAI::turn));
                String vs = DOOR + ", its control socket vs running codex queue";
                rows.add(Metric.vs(
                        "hook to the model has the words p50, " + vs,
                        "ms",
                        PinnedHarnesses.p50(doorMs),
                        PinnedHarnesses.p50(commandMs),
                        PinnedHarnesses.throughTheDoor(slow)));
                rows.add(Metric.vs(
                        "of which hook to the door's answer p50, " + vs,
                        "ms",
                        PinnedHarnesses.p50(PinnedHarnesses.hookToHanded(door)),
                        PinnedHarnesses.p50(PinnedHarnesses.hookToHanded(slow)),
                        ""));
            }
            return rows;
        } finally {
            // each home's background server outlives its TUIs and tmux
            homes.forEach(CodexHome::stopServers);
        }
    }

    /** A private CODEX_HOME whose model is {@code model} and whose notify is gather's hook. */
    private static CodexHome home(Path dir, FakeOpenAI model, Path work, Path launcher, List<CodexHome> homes)
            throws IOException {
        CodexHome home = new CodexHome(dir, model).prepare(List.of(work)).notifyHook(launcher);
        homes.add(home);
        return home;
    }
}
