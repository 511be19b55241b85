package dev.gather.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.daemon.Relay;
import dev.gather.delivery.Ledger;
import dev.gather.delivery.PostOffice;
import dev.gather.home.StateDir;
import dev.gather.journal.Journals;
import dev.gather.link.Fanout;
import dev.gather.link.Link;
import dev.gather.link.Links;
import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.profile.Profile;
import dev.gather.profile.Profiles;
import dev.gather.tmux.ControlModeTmux;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.HarnessQuirks;
import dev.gather.tmux.SpawnSpec;
import dev.gather.tmux.TmuxConfig;
import dev.gather.turn.HookParsers;
import dev.gather.turn.Spool;
import dev.gather.turn.SpoolWatcher;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Relay latency between two real Claude Code panes in a direct link, from the turn-end hook (the
 * time {@code bin/gather hook claude} stamps on its spool file) to the words submitted in the other
 * pane (typed, Enter taken), next to two simulated agents measured the same way in the same run.
 * Claude runs offline against {@link BenchAnthropic} in a private HOME; it is the pinned version the
 * test suite installed with npm ({@code ~/.cache/gather/harnesses}), or n/a when that cache is missing.
 */
final class ClaudeRelayBenchmark implements Benchmark {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String KEY = "sk-ant-gather-bench-000000000000000000000000000";

    /** One relayed turn: its words, when its hook fired and when the other pane took them. */
    private record Sample(String text, long hookMillis, long submittedMillis, boolean ok) {}

    @Override
    public String name() {
        return "claude";
    }

    @Override
    public List<Metric> run(BenchContext context) throws Exception {
        Optional<Path> claude = npmClaude();
        Optional<Path> gather = launcher();
        if (claude.isEmpty() || gather.isEmpty()) {
            String why = claude.isEmpty()
                    ? "npm harness cache not found (make test installs it)"
                    : "bin/gather not found next to the jar";
            return List.of(Metric.of("relay p50 between two Claude Code panes", "n/a", 0, why));
        }
        int samples = context.quick() ? 3 : 12;
        Path dir = context.scratch();
        StateDir state = new StateDir(dir.resolve("gather"));
        Files.createDirectories(state.spool());
        Path home = dir.resolve("home");
        Path work = Files.createDirectories(dir.resolve("work"));
        claudeHome(home, work, gather.get());
        ControlModeTmux tmux = ControlModeTmux.connect(TmuxConfig.socket("gather-bench-" + UUID.randomUUID()));
        BlockingQueue<Sample> relayed = new LinkedBlockingQueue<>();
        SpoolWatcher watcher = null;
        try (BenchAnthropic model = new BenchAnthropic();
                Journals journals = new Journals(dir.resolve("journal"), Clock.systemUTC());
                Deliverer deliverer = new Deliverer(tmux, HarnessQuirks.GENERIC)) {
            Profiles profiles = Profiles.shipped();
            PostOffice post = new PostOffice(tmux, deliverer, profiles, Clock.systemUTC(), Ledger.NONE);
            Links links = new Links("bench-");
            Relay relay = Relay.unbudgeted(links, journals, new Fanout(post));
            watcher = SpoolWatcher.start(
                    new Spool(state.spool()),
                    HookParsers.withClaudeRoots(List.of(home.resolve(".claude"))),
                    out -> relay.onTurnOutput(out)
                            .whenComplete((v, e) -> relayed.add(new Sample(
                                    out.text(), out.time().toEpochMilli(), System.currentTimeMillis(), e == null))));
            Map<String, String> env = new LinkedHashMap<>();
            env.put("HOME", home.toString());
            env.put("ANTHROPIC_BASE_URL", model.baseUrl());
            env.put("ANTHROPIC_API_KEY", KEY);
            env.put("DISABLE_AUTOUPDATER", "1");
            env.put("DISABLE_TELEMETRY", "1");
            env.put("DISABLE_ERROR_REPORTING", "1");
            env.put("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1");
            env.put("GATHER_HOME", state.root().toString());
            env.put("LANG", "C.UTF-8");
            List<String> claudeCmd = List.of(claude.get().toString());
            List<Sample> real = pingPong(
                    tmux, post, links, relay, relayed, profiles.forKind("claude"), claudeCmd, env, work, samples);
            String java = ProcessHandle.current().info().command().orElse("java");
            String cp = System.getProperty("java.class.path");
            List<Sample> sim = pingPong(
                    tmux,
                    post,
                    links,
                    relay,
                    relayed,
                    profiles.forKind("sim"),
                    List.of(java, "-XX:+UseSerialGC", "-cp", cp, "dev.gather.cli.Main", "sim", "--think-ms", "50"),
                    Map.of("GATHER_HOME", state.root().toString(), "LANG", "C.UTF-8"),
                    work,
                    samples);
            double[] claudeMs = millis(real);
            double[] simMs = millis(sim);
            double[] modelMs = toModel(real, model);
            return List.of(
                    Metric.vs(
                            "relay hook to submitted p50, two Claude Code panes vs two sims",
                            "ms",
                            DeliveryBenchmark.percentile(claudeMs, 0.5),
                            DeliveryBenchmark.percentile(simMs, 0.5),
                            ""),
                    Metric.vs(
                            "relay hook to submitted p99, two Claude Code panes vs two sims",
                            "ms",
                            DeliveryBenchmark.percentile(claudeMs, 0.99),
                            DeliveryBenchmark.percentile(simMs, 0.99),
                            ""),
                    Metric.of(
                            "relay hook to the model's request p50, Claude Code",
                            "ms",
                            DeliveryBenchmark.percentile(modelMs, 0.5),
                            ""));
        } finally {
            if (watcher != null) {
                watcher.close();
            }
            tmux.killServer();
            tmux.close();
        }
    }

    /**
     * Two panes of one kind in a direct link, answering each other: every relayed turn is a sample
     * (the first two warm up). The link is closed after {@code samples}.
     */
    private static List<Sample> pingPong(
            ControlModeTmux tmux,
            PostOffice post,
            Links links,
            Relay relay,
            BlockingQueue<Sample> relayed,
            Profile profile,
            List<String> command,
            Map<String, String> env,
            Path work,
            int samples)
            throws InterruptedException {
        List<Member> members = new ArrayList<>();
        for (String name : List.of("Ada", "Bo")) {
            List<String> cmd = new ArrayList<>(command);
            if (profile.name().equals("sim")) {
                cmd.addAll(List.of("--name", name));
            }
            String pane = tmux.spawn(new SpawnSpec(profile.name() + "-" + name, cmd, env, work, 120, 40))
                    .id();
            post.started(pane, profile);
            members.add(Member.inPane(name, members.size() + 1, Role.SPEAKER, pane));
        }
        relayed.clear();
        Link link = links.create("direct", OptionalInt.empty(), members);
        relay.relay(link, members.get(0), "Hello Bo, please answer.", "relay");
        List<Sample> out = new ArrayList<>();
        while (out.size() < samples + 2) {
            Sample s = relayed.poll(120, TimeUnit.SECONDS);
            if (s == null || !s.ok()) {
                throw new IllegalStateException(
                        profile.name() + ": a turn was not relayed within 120 s (" + out.size() + " so far)");
            }
            out.add(s);
        }
        relay.close(link, "benchmark done");
        members.forEach(m -> m.pane().ifPresent(tmux::kill));
        return out.subList(2, out.size());
    }

    private static double[] millis(List<Sample> samples) {
        return samples.stream()
                .mapToDouble(s -> s.submittedMillis() - s.hookMillis())
                .toArray();
    }

    /** From each hook to the model's request that carried its words (the submit, seen by the model). */
    private static double[] toModel(List<Sample> samples, BenchAnthropic model) {
        List<BenchAnthropic.Turn> turns = new ArrayList<>(model.arrived());
        return samples.stream()
                .mapToDouble(s -> turns.stream()
                        .filter(t -> t.prompt().contains(s.text()))
                        .findFirst()
                        .map(t -> (double) (t.atMillis() - s.hookMillis()))
                        .orElseThrow(() -> new IllegalStateException("no model request carried: " + s.text())))
                .toArray();
    }

    /** Onboarding done, the key approved, {@code work} trusted, tool calls ask, the Stop hook is gather's. */
    private static void claudeHome(Path home, Path work, Path gather) throws IOException {
        Files.createDirectories(home.resolve(".claude"));
        ObjectNode config = JSON.createObjectNode()
                .put("hasCompletedOnboarding", true)
                .put("lastOnboardingVersion", "99.0.0")
                .put("theme", "dark")
                .put("autoUpdates", false);
        config.putObject("customApiKeyResponses").putArray("approved").add(KEY.substring(KEY.length() - 20));
        config.putObject("projects")
                .putObject(work.toAbsolutePath().toString())
                .put("hasTrustDialogAccepted", true)
                .put("hasCompletedProjectOnboarding", true);
        JSON.writeValue(home.resolve(".claude.json").toFile(), config);
        ObjectNode settings = JSON.createObjectNode();
        settings.putObject("permissions").put("defaultMode", "default").put("disableAutoMode", "disable");
        settings.putObject("hooks")
                .putArray("Stop")
                .addObject()
                .putArray("hooks")
                .addObject()
                .put("type", "command")
                .put("command", gather + " hook claude");
        JSON.writeValue(home.resolve(".claude/settings.json").toFile(), settings);
    }

    /** The newest pinned Claude Code the test suite installed ({@code gather/harnesses/<pins>/}). */
    static Optional<Path> npmClaude() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path cache = (xdg != null && !xdg.isBlank()
                        ? Path.of(xdg)
                        : Path.of(System.getenv().getOrDefault("HOME", System.getProperty("user.home")), ".cache"))
                .resolve("gather/harnesses");
        if (!Files.isDirectory(cache)) {
            return Optional.empty();
        }
        try (Stream<Path> dirs = Files.list(cache)) {
            return dirs.map(d -> d.resolve("node_modules/.bin/claude"))
                    .filter(Files::isExecutable)
                    .max(Comparator.comparing(ClaudeRelayBenchmark::modified));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static long modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }

    /** bin/gather next to the jar (or target/classes) this runs from: its hook is shell, no JVM per turn. */
    private static Optional<Path> launcher() {
        try {
            Path from = Path.of(ClaudeRelayBenchmark.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            Path bin = from.toAbsolutePath().getParent().resolveSibling("bin").resolve("gather");
            return Files.isExecutable(bin) ? Optional.of(bin) : Optional.empty();
        } catch (java.net.URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
