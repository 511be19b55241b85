package dev.gather.gathering;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.journal.Prompt;
import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.process.Threads;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.time.ManualScheduler;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The seeds' pulse searches past talk (gather's journals, the agents' transcripts), which takes
 * seconds on a home full of them: the search never holds the gathering's lane, and a late member's
 * seed carries the same pulse without searching again. The gathering here runs on a lane thread of
 * its own; the search waits on a latch the test opens.
 */
class SlowPulseTest {
    private static final Duration BOUND = Duration.ofSeconds(20);
    private static final Member ADA = Member.inPane("Ada", 1, Role.SPEAKER, "%1");
    private static final Member BO = Member.inPane("Bo", 2, Role.SPEAKER, "%2");
    private static final Member HAL = Member.inPane("Hal", 3, Role.HARVESTER, "%3");
    private static final Member PAT = new Member("Pat", 4, Role.SPEAKER, Optional.empty());

    private final ExecutorService lane = Threads.bounded("test-lane", 1);
    private final ExecutorService starter = Threads.bounded("test-starter", 1);
    private final CountDownLatch searching = new CountDownLatch(1);
    private final CountDownLatch found = new CountDownLatch(1);
    private final AtomicInteger searches = new AtomicInteger();
    private final List<Effect> effects = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        found.countDown();
        lane.shutdownNow();
        starter.shutdownNow();
    }

    @Test
    void aJoinIsTakenWhileTheSeedsPulseIsStillSearched() throws Exception {
        Gathering g = gathering(() -> {
            searches.incrementAndGet();
            searching.countDown();
            try {
                found.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return "calm seas";
        });
        CompletableFuture<CompletableFuture<Void>> starting = CompletableFuture.supplyAsync(g::start, starter);
        searching.await();

        // a client's join while the start searches: the gathering's lane takes it now
        CompletableFuture<Void> joined = g.join(PAT, "calm seas", () -> {});
        await().atMost(BOUND).until(joined::isDone);
        assertFalse(joined.isCompletedExceptionally(), joined::toString);

        found.countDown();
        starting.get().get();
        assertEquals(1, searches.get(), "searched once");
        assertEquals(List.of("Ada", "Bo", "Hal", "Pat"), seeded(), "each seeded once");
        assertTrue(g.status().holder().isPresent(), "the first turn began");
    }

    @Test
    void aLateSeedCarriesThePulseTheStartFound() throws Exception {
        found.countDown();
        Gathering g = gathering(() -> "calm seas, search " + searches.incrementAndGet());
        g.start().get();
        g.join(PAT, g.pulse(), () -> {}).get();
        assertEquals(1, searches.get(), "the join did not search again");
        Effect.Inject seed = effects.stream()
                .filter(e -> e instanceof Effect.Inject i && i.kind() == Prompt.SEED && i.to().equals(PAT))
                .map(Effect.Inject.class::cast)
                .findFirst()
                .orElseThrow();
        assertTrue(seed.text().contains("calm seas, search 1"), seed.text());
    }

    private Gathering gathering(Supplier<String> pulse) {
        ManualScheduler time = new ManualScheduler();
        return Gathering.create(
                "g-slow-pulse",
                RhythmLibrary.shippedRhythm("minimal").orElseThrow(),
                List.of(ADA, BO, HAL),
                GatheringOptions.NONE,
                new Setting(time, time.clock(), lane, pulse, m -> false),
                effects::add);
    }

    private List<String> seeded() {
        return effects.stream()
                .filter(e -> e instanceof Effect.Inject i && i.kind() == Prompt.SEED)
                .map(e -> ((Effect.Inject) e).to().name())
                .sorted()
                .toList();
    }
}
