package dev.gather.bench;

import dev.gather.delivery.Ledger;
import dev.gather.delivery.PostOffice;
import dev.gather.journal.Journals;
import dev.gather.journal.Transcript;
import dev.gather.link.Fanout;
import dev.gather.link.Link;
import dev.gather.link.Links;
import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.profile.Profiles;
import dev.gather.relay.Relay;
import dev.gather.tmux.ControlModeTmux;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.HarnessQuirks;
import dev.gather.tmux.Pane;
import dev.gather.tmux.SpawnSpec;
import dev.gather.tmux.TmuxConfig;
import dev.gather.turn.HookEvent;
import dev.gather.turn.HookParsers;
import dev.gather.turn.Spool;
import dev.gather.turn.SpoolWatcher;
import dev.gather.turn.TurnOutput;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The whole relay of one turn, from the turn-end hook's spool file (as {@code bin/gather hook} drops
 * it) through the daemon's spool watcher, journalled to disk, typed into every other member's pane
 * and submitted, for links of 2, 8 and 16 members; next to the old design (type into the other members
 * one by one with a 1 s pause before Enter), same run.
 */
final class RelayBenchmark extends Benchmark {
    private static final int[] MEMBERS = {2, 8, 16};

    RelayBenchmark() {
        super("relay");
    }

    @Override
    public List<Metric> run(BenchContext context) throws Exception {
        String socket = BenchContext.privateSocket();
        int samples = context.sized(5, 40);
        ControlModeTmux tmux = ControlModeTmux.connect(TmuxConfig.socket(socket));
        List<Metric> metrics = new ArrayList<>();
        SpoolWatcher watcher = null;
        try (Journals journals = new Journals(context.scratch().resolve("journal"), Clock.systemUTC());
                Deliverer deliverer = new Deliverer(tmux, HarnessQuirks.GENERIC);
                OldDesignDelivery old = new OldDesignDelivery(socket)) {
            List<String> panes = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                Pane p = tmux.spawn(SpawnSpec.of("relay-" + i, context.scratch(), "cat"));
                panes.add(p.id());
            }
            Links links = new Links("bench-");
            PostOffice post = new PostOffice(tmux, deliverer, Profiles.shipped(), Clock.systemUTC(), Ledger.NONE);
            Relay relay = Relay.unbudgeted(links, journals, new Fanout(post));
            // the daemon's own path: the watcher picks the hook's file up and hands the turn to the relay
            BlockingQueue<Long> relayed = new LinkedBlockingQueue<>();
            Spool spool = new Spool(context.scratch().resolve("spool"));
            watcher = SpoolWatcher.start(spool, HookParsers.withClaudeRoots(List.of()), out -> relay.onTurnOutput(out)
                    .whenComplete((v, e) -> relayed.add(e == null ? System.nanoTime() : -1L)));
            double p50of2 = 0;
            for (int n : MEMBERS) {
                List<Member> members = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    members.add(Member.inPane("M" + i, i + 1, Role.SPEAKER, panes.get(i)));
                }
                Link link = links.create("direct", OptionalInt.empty(), members);
                for (int w = 0; w < 20; w++) {
                    relay.onTurnOutput(new TurnOutput(panes.get(0), "bench", "warm-up " + w, Instant.now()))
                            .join();
                }
                double[] ms = new double[samples];
                for (int s = -5; s < samples; s++) { // the first five warm the watcher's path
                    long t0 = System.nanoTime();
                    spool.drop(new HookEvent(
                            "sim",
                            panes.get(0),
                            Instant.now(),
                            "{\"last_message\":\"relay benchmark turn " + s + "\"}"));
                    Long t1 = relayed.poll(20, TimeUnit.SECONDS);
                    if (t1 == null || t1 < 0) {
                        throw new IllegalStateException("a hook event for " + panes.get(0) + " was not relayed");
                    }
                    if (s >= 0) {
                        ms[s] = (t1 - t0) / 1e6;
                    }
                }
                long journalled = Transcript.read(journals.file(link.id())).stream()
                        .filter(e -> e.path("kind").asText().equals("relay"))
                        .count();
                if (journalled != samples + 25) {
                    throw new IllegalStateException(
                            "journal of " + link.id() + " has " + journalled + " relays, expected " + (samples + 25));
                }
                relay.close(link, "benchmark done");
                long t0 = System.nanoTime();
                old.deliver(panes.subList(1, n), "[M0] (1):\n\nold design turn").join();
                double oldMs = (System.nanoTime() - t0) / 1e6;
                double p50 = DeliveryBenchmark.percentile(ms, 0.5);
                double p99 = DeliveryBenchmark.percentile(ms, 0.99);
                if (n == 2) {
                    p50of2 = p50;
                }
                metrics.add(Metric.vs("relay from hook p50, link of " + n, "ms", p50, oldMs, ""));
                Metric tail =
                        Metric.vs("relay from hook p99, link of " + n, "ms", p99, oldMs, n == 8 ? "p99 < 50 ms" : "");
                metrics.add(n == 8 ? tail.headline(50) : tail);
                if (n == 16) {
                    metrics.add(Metric.of("relay p50 16 members / 2 members", "x", p50 / p50of2, "≤ 1.5"));
                }
            }
            return metrics;
        } finally {
            if (watcher != null) {
                watcher.close();
            }
            tmux.killServer();
            tmux.close();
        }
    }
}
