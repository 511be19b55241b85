package dev.gather.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.gather.delivery.Ledger;
import dev.gather.delivery.Port;
import dev.gather.delivery.PostOffice;
import dev.gather.door.Doors;
import dev.gather.profile.Profiles;
import dev.gather.testing.OwnThread;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.DeliveryResult;
import dev.gather.tmux.FakeTmux;
import dev.gather.tmux.HarnessQuirks;
import dev.gather.tmux.Pane;
import dev.gather.tmux.SpawnSpec;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class FanoutTest {
    @Test
    void concurrentDeliveriesToOnePaneArriveWholeAndInOrder() {
        FakeTmux tmux = new FakeTmux();
        tmux.program("echo", FakeTmux.CAT);
        Pane pane = tmux.spawn(SpawnSpec.of("echo", Path.of("."), "echo"));
        List<String> typed = new CopyOnWriteArrayList<>();
        try (Deliverer deliverer = new Deliverer(tmux, HarnessQuirks.GENERIC)) {
            Port port = new Port() {
                @Override
                public void typing(String p, String text) {
                    typed.add(text);
                }
            };
            PostOffice post = new PostOffice(
                    tmux, deliverer, Profiles.shipped(), Clock.systemUTC(), Ledger.NONE, port, Doors.none());
            Fanout fanout = new Fanout(post);
            Member m = Member.inPane("Echo", 1, Role.SPEAKER, pane.id());
            List<CompletableFuture<Map<Member, DeliveryResult>>> sends = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                String text = "message " + i;
                long ref = i;
                sends.add(OwnThread.supply("send", () -> fanout.deliver("test", ref, List.of(m), text)));
            }
            sends.forEach(f ->
                    assertInstanceOf(DeliveryResult.Delivered.class, f.join().get(m)));
        }
        List<String> submitted = tmux.pane(pane.id()).submitted();
        assertEquals(10, submitted.size(), submitted.toString());
        assertEquals(typed, submitted, "each paste was submitted whole, one after the other, in the order typed");
    }
}
