package dev.gather.relay;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.delivery.HookedProfile;
import dev.gather.gathering.Effect;
import dev.gather.journal.Announcement;
import dev.gather.journal.Transcript;
import dev.gather.link.Link;
import dev.gather.link.Links;
import dev.gather.link.Member;
import dev.gather.link.Role;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gathering closes while a member is still busy with an earlier turn (a model answering the
 * previous speaker as the harvester hands in): the words sent before the close still reach it, then
 * the closing words, and only then is the gathering closed; words still queued after the bound are
 * withdrawn, so nothing is typed after the close.
 */
class LastWordsTest {
    private static final Duration LONG = Duration.ofSeconds(20);

    @TempDir
    Path home;

    private FakePanePost panes;
    private Relay relay;
    private Link link;
    private Member ada;
    private Member bo;
    private String boPane;

    @BeforeEach
    void start() throws IOException {
        panes = new FakePanePost(home, Clock.systemUTC());
        relay = panes.relay();
        ada = Member.inPane("Ada", 1, Role.SPEAKER, panes.spawn("Ada"));
        boPane = panes.spawn("Bo");
        bo = Member.inPane("Bo", 2, Role.SPEAKER, boPane);
        // Bo reports its turns by a hook: busy until it says its turn ended
        panes.post.started(boPane, HookedProfile.load(home, "2m"));
        link = new Links("t-").create("g-last", "minimal", OptionalInt.empty(), List.of(ada, bo));
    }

    @AfterEach
    void stop() {
        panes.close();
    }

    @Test
    void aBusyMemberHearsTheLastWordsBeforeTheClosingWords() {
        EffectRunner runner = new EffectRunner(relay, link, home.resolve("harvest.md"), () -> {}, LONG);
        panes.post.turnStarted(boPane);
        closeAfter(runner, "the last words of the circle");
        assertTrue(entries("close").isEmpty(), "the gathering closed while Bo had not heard the last words");

        panes.post.turnEnded(boPane, Optional.empty(), "test");
        await().atMost(LONG).until(() -> !entries("close").isEmpty());
        // Bo answers the last words; the closing words come after that turn
        panes.post.turnEnded(boPane, Optional.empty(), "test");
        await().atMost(LONG).until(() -> panes.tmux.pane(boPane).submitted().size() == 2);
        List<String> typed = panes.tmux.pane(boPane).submitted();
        assertEquals(2, typed.size(), typed.toString());
        assertTrue(typed.get(0).endsWith("the last words of the circle"), typed.toString());
        assertTrue(typed.get(1).contains("has closed"), typed.toString());
        assertEquals(List.of(), failed(), "no delivery failed");
    }

    @Test
    void wordsStillQueuedAfterTheBoundAreWithdrawnNotTypedAfterTheClose() {
        EffectRunner runner =
                new EffectRunner(relay, link, home.resolve("harvest.md"), () -> {}, Duration.ofMillis(300));
        panes.post.turnStarted(boPane);
        closeAfter(runner, "words Bo is too busy for");
        await().atMost(LONG).until(() -> !entries("close").isEmpty());
        assertEquals(
                List.of("not typed: the gathering closed first"),
                failed().stream().map(e -> e.path("text").asText()).toList(),
                () -> Transcript.read(panes.journals.file("g-last")).toString());

        panes.post.turnEnded(boPane, Optional.empty(), "test");
        await().atMost(LONG).until(() -> panes.tmux.pane(boPane).submitted().size() == 1);
        assertTrue(panes.tmux.pane(boPane).submitted().get(0).contains("has closed"));
    }

    @Test
    void endedNowItClosesAtOnceAndWithdrawsWhatIsQueued() {
        EffectRunner runner = new EffectRunner(relay, link, home.resolve("harvest.md"), () -> {}, LONG);
        panes.post.turnStarted(boPane);
        runner.accept(new Effect.Relay(ada, "words the operator did not wait for"));
        runner.accept(new Effect.Announce(
                Announcement.CLOSING, "The minimal gathering has closed (ended by command). Thank you."));
        runner.accept(new Effect.Closed("ended by command, without a harvest", true));
        assertEquals(1, entries("close").size(), "closed at once");
        assertEquals(
                List.of("not typed: the gathering closed first"),
                failed().stream().map(e -> e.path("text").asText()).toList());
    }

    /** Ada speaks, the harvest lands, the gathering announces its close and closes. */
    private void closeAfter(EffectRunner runner, String words) {
        runner.accept(new Effect.Relay(ada, words));
        runner.accept(new Effect.HarvestStored(ada, "the harvest"));
        runner.accept(new Effect.Announce(
                Announcement.CLOSING, "The minimal gathering has closed (harvest complete). Thank you."));
        runner.accept(new Effect.Closed("harvest complete"));
    }

    private List<JsonNode> entries(String kind) {
        return Transcript.read(panes.journals.file("g-last")).stream()
                .filter(e -> e.path("kind").asText().equals(kind))
                .toList();
    }

    private List<JsonNode> failed() {
        return entries("delivery").stream()
                .filter(e -> e.path("state").asText().equals("failed"))
                .toList();
    }
}
