package dev.gather.resume;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gather.delivery.DeliveryState;
import dev.gather.delivery.PostOffice;
import dev.gather.journal.Journal;
import dev.gather.journal.Journals;
import dev.gather.journal.Transcript;
import dev.gather.profile.Profiles;
import dev.gather.relay.Relay;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.FakeTmux;
import dev.gather.tmux.HarnessQuirks;
import dev.gather.tmux.SpawnSpec;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A daemon killed while it was typing a message leaves a "typing" step: the next one types it again
 * when the journal shows it was never pasted, and never types twice what was pasted.
 */
class RecoveryTest {
    @TempDir
    Path home;

    private final FakeTmux tmux = new FakeTmux().program("agent", FakeTmux.CAT);
    private Journals journals;
    private Deliverer deliverer;
    private PostOffice post;
    private String bo;

    @BeforeEach
    void start() {
        bo = tmux.spawn(SpawnSpec.of("Bo", home, "agent")).id();
        journals = new Journals(home.resolve("journal"), Clock.systemUTC());
        deliverer = new Deliverer(tmux, HarnessQuirks.GENERIC);
        post = new PostOffice(tmux, deliverer, Profiles.shipped(), Clock.systemUTC(), Relay.ledger(journals));
    }

    @AfterEach
    void stop() {
        post.close();
        deliverer.close();
        journals.close();
    }

    @Test
    void aMessageTheDaemonDiedBeforePastingIsTypedOnce() {
        journalTyping(List.of(""));
        assertEquals(1, redeliver(), "queued again");
        await().atMost(Duration.ofSeconds(20))
                .until(() -> tmux.pane(bo).submitted().contains("[Ada] (1):\n\nthe words before the kill"));
        assertEquals(
                1,
                tmux.pane(bo).submitted().size(),
                () -> "typed once: " + tmux.pane(bo).submitted());
    }

    @Test
    void aMessageTheDaemonPastedIsNeverTypedAgain() {
        journalTyping(List.of("", DeliveryState.PASTED));
        assertEquals(0, redeliver(), "nothing queued again");
        assertEquals(List.of(), tmux.pane(bo).submitted());
        var steps = Transcript.lastSteps(Transcript.read(journals.file("l-1")));
        // taken as submitted (a program without turns is confirmed at once)
        assertEquals(
                "submitted before the last daemon stopped",
                steps.get(Transcript.stepKey(1, "Bo")).path("text").asText(),
                steps::toString);
    }

    /** A relay of Ada's to Bo, and its typing steps with these texts. */
    private void journalTyping(List<String> steps) {
        Journal j = journals.of("l-1");
        var relay = Journal.entry("relay")
                .put("link", "l-1")
                .put("from", "Ada")
                .put("from_number", 1)
                .put("text", "the words before the kill");
        relay.putObject("panes").put("Bo", bo);
        j.append(relay);
        for (String text : steps) {
            j.append(Journal.entry("delivery")
                    .put("ref", 1)
                    .put("to", "Bo")
                    .put("pane", bo)
                    .put("state", "typing")
                    .put("text", text));
        }
    }

    private int redeliver() {
        return Recovery.redeliver(
                journals, post, Relay.ledger(journals), (pane, computer) -> {}, tmux::alive, (pane, text, p) -> false);
    }
}
