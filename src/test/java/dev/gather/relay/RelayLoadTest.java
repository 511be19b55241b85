package dev.gather.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.delivery.PostOffice;
import dev.gather.journal.Journals;
import dev.gather.journal.Transcript;
import dev.gather.link.Fanout;
import dev.gather.link.Link;
import dev.gather.link.Links;
import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.profile.Profiles;
import dev.gather.testing.Slow;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.FakeTmux;
import dev.gather.tmux.HarnessQuirks;
import dev.gather.tmux.Pane;
import dev.gather.tmux.SpawnSpec;
import dev.gather.turn.TurnFilter;
import dev.gather.turn.TurnOutput;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 20 links × 500 messages from concurrent senders: none lost, none duplicated, order kept per sender. */
@Slow
class RelayLoadTest {
    private static final int LINKS = 20;
    private static final int MESSAGES = 500;

    @TempDir
    Path home;

    @Test
    void everyMessageArrivesOnceInOrderAndTheJournalMatchesTheDeliveries() {
        FakeTmux tmux = new FakeTmux();
        tmux.program("agent", FakeTmux.CAT);
        Links links = new Links("load-");
        List<Link> made = new ArrayList<>();
        try (Journals journals = new Journals(home, Clock.systemUTC());
                Deliverer deliverer = new Deliverer(tmux, HarnessQuirks.GENERIC)) {
            Relay relay = new Relay(
                    links,
                    journals,
                    new Fanout(new PostOffice(
                            tmux, deliverer, Profiles.shipped(), Clock.systemUTC(), Relay.ledger(journals))),
                    TurnFilter.defaults(),
                    new DirectRhythm("direct", OptionalInt.empty(), "", ""),
                    RelayPort.NONE);
            for (int l = 0; l < LINKS; l++) {
                Pane a = tmux.spawn(SpawnSpec.of("a" + l, home, "agent"));
                Pane b = tmux.spawn(SpawnSpec.of("b" + l, home, "agent"));
                made.add(links.create(
                        "direct",
                        OptionalInt.empty(),
                        List.of(
                                Member.inPane("A" + l, 1, Role.SPEAKER, a.id()),
                                Member.inPane("B" + l, 2, Role.SPEAKER, b.id()))));
            }
            ExecutorService senders = Executors.newFixedThreadPool(8);
            List<CompletableFuture<Void>> running = new ArrayList<>();
            List<CompletableFuture<Void>> deliveries = new CopyOnWriteArrayList<>();
            for (Link link : made) {
                for (Member m : link.snapshot().members()) {
                    running.add(CompletableFuture.runAsync(
                            () -> {
                                for (int i = 0; i < MESSAGES; i++) {
                                    deliveries.add(relay.onTurnOutput(new TurnOutput(
                                            m.pane().orElseThrow(), "load", m.name() + " #" + i, Instant.now())));
                                }
                            },
                            senders));
                }
            }
            running.forEach(CompletableFuture::join);
            deliveries.forEach(CompletableFuture::join);
            senders.shutdown();
            for (Link link : made) {
                List<JsonNode> journal = Transcript.read(journals.file(link.id()));
                for (Member sender : link.snapshot().members()) {
                    Member receiver = link.snapshot().othersThan(sender).get(0);
                    List<String> expected = new ArrayList<>();
                    for (int i = 0; i < MESSAGES; i++) {
                        expected.add(sender.name() + " #" + i);
                    }
                    List<String> journalled = journal.stream()
                            .filter(e -> e.path("from").asText().equals(sender.name()))
                            .map(e -> e.path("text").asText())
                            .toList();
                    assertEquals(expected, journalled, "journal of " + sender.name());
                    List<String> delivered = tmux.pane(receiver.pane().orElseThrow()).submitted().stream()
                            .map(s -> s.substring(s.lastIndexOf('\n') + 1))
                            .filter(s -> s.startsWith(sender.name() + " #"))
                            .toList();
                    assertEquals(expected, delivered, "what " + receiver.name() + " received from " + sender.name());
                }
            }
        }
    }
}
