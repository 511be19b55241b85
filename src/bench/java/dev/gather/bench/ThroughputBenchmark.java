package dev.gather.bench;

import dev.gather.delivery.Ledger;
import dev.gather.delivery.Letter;
import dev.gather.delivery.PostOffice;
import dev.gather.profile.Profiles;
import dev.gather.tmux.ControlModeTmux;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.DeliveryResult;
import dev.gather.tmux.HarnessQuirks;
import dev.gather.tmux.SpawnSpec;
import dev.gather.tmux.TmuxConfig;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * How many messages a second one member takes while it keeps up: a burst posted at once to one
 * {@code cat} pane's channel, each typed and submitted in order, none failed, against the old design
 * (a 1 s pause before each Enter) to the same pane, same run.
 */
final class ThroughputBenchmark extends Benchmark {
    ThroughputBenchmark() {
        super("throughput");
    }

    @Override
    public List<Metric> run(BenchContext context) throws Exception {
        String socket = BenchContext.privateSocket();
        int burst = context.sized(200, 2000);
        ControlModeTmux tmux = ControlModeTmux.connect(TmuxConfig.socket(socket));
        try (Deliverer deliverer = new Deliverer(tmux, HarnessQuirks.GENERIC);
                PostOffice post = new PostOffice(tmux, deliverer, Profiles.shipped(), Clock.systemUTC(), Ledger.NONE);
                OldDesignDelivery old = new OldDesignDelivery(socket)) {
            String pane = tmux.spawn(SpawnSpec.of("throughput", context.scratch(), "cat"))
                    .id();
            // said, not recognised: in the instant before tmux's sh execs cat the pane reads as a shell,
            // and a shell member takes one message a second (its turn ends after a quiet second)
            post.started(pane, post.profiles().generic());
            burst(post, pane, "warm-up", 100);
            long t0 = System.nanoTime();
            int presses = burst(post, pane, "burst", burst);
            double seconds = (System.nanoTime() - t0) / 1e9;
            String last = "burst message " + (burst - 1) + " ✓";
            if (!tmux.capture(pane, 0).contains(last)) {
                throw new IllegalStateException("the burst's last message is not on screen: " + last);
            }
            int oldCount = context.sized(2, 5);
            long o0 = System.nanoTime();
            for (int i = 0; i < oldCount; i++) {
                old.deliver(List.of(pane), "old design message " + i).join();
            }
            double oldRate = oldCount / ((System.nanoTime() - o0) / 1e9);
            return List.of(
                    new Metric(
                            "messages a second to one member, burst of " + burst,
                            "msg/s",
                            burst / seconds,
                            OptionalDouble.of(oldRate),
                            false,
                            "every one typed, submitted, in order",
                            OptionalDouble.empty()),
                    // more than one Enter per message means the screen's reaction was not seen in time
                    Metric.of("Enter presses per message in the burst", "x", presses / (double) burst, "1"));
        } finally {
            tmux.killServer();
            tmux.close();
        }
    }

    /**
     * Posts {@code n} letters at once and returns, once every one was delivered, how many Enter presses
     * that took; any other outcome fails.
     */
    private static int burst(PostOffice post, String pane, String what, int n) throws Exception {
        List<CompletableFuture<DeliveryResult>> sent = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            sent.add(post.post(pane, new Letter("bench", i, "M", what + " message " + i + " ✓")));
        }
        int presses = 0;
        for (CompletableFuture<DeliveryResult> f : sent) {
            DeliveryResult r = f.get(60, TimeUnit.SECONDS);
            if (!(r instanceof DeliveryResult.Delivered d)) {
                throw new IllegalStateException("a " + what + " message was not delivered: " + r);
            }
            presses += d.enterPresses();
        }
        return presses;
    }
}
