package dev.gather.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.link.Link;
import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.testing.OwnThread;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** When every pane of a link ends at once, the journal says the link closed once. */
class LinkCloseTest {
    @TempDir
    Path home;

    @Test
    void allPanesEndingAtOnceCloseTheLinkOnceAndEachLeavesOnce() throws Exception {
        try (World world = new World(home)) {
            List<String> panes = List.of("%901", "%902", "%903");
            Link link = world.daemon.links.create(
                    "test",
                    OptionalInt.empty(),
                    List.of(
                            Member.inPane("Ada", 1, Role.SPEAKER, panes.get(0)),
                            Member.inPane("Bo", 2, Role.SPEAKER, panes.get(1)),
                            Member.inPane("Cy", 3, Role.SPEAKER, panes.get(2))));
            // each pane's end is noticed twice (the exit tracker and a failed delivery), all at once
            CountDownLatch go = new CountDownLatch(1);
            List<CompletableFuture<Void>> ends = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                String pane = panes.get(i % 3);
                ends.add(OwnThread.run("pane-gone", () -> {
                    try {
                        go.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    world.daemon.relay.paneGone(pane);
                }));
            }
            go.countDown();
            CompletableFuture.allOf(ends.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
            world.daemon.relay.close(link, "closed again by a gathering ending");

            assertTrue(world.daemon.links.all().isEmpty());
            assertEquals(
                    1,
                    world.entries(link.id(), "close").size(),
                    world.journal(link.id()).toString());
            assertTrue(
                    world.entries(link.id(), "left").size() <= 3,
                    world.journal(link.id()).toString());
        }
    }
}
