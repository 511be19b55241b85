package dev.gather.harness;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.door.ClaudeDoors;
import dev.gather.door.ClaudeSocketDoor;
import dev.gather.door.Door;
import dev.gather.door.Handover;
import dev.gather.door.Parcel;
import dev.gather.tmux.InputBox;
import dev.gather.tmux.Pane;
import dev.gather.tmux.SpawnSpec;
import dev.gather.turn.PromptSubmitted;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Claude Code's cross-session inbox as gather's door, against the real pinned Claude in tmux with a
 * {@link FakeAnthropic} model: the daemon learns each pane's socket from the pane's own hooks, a
 * message handed through it reaches the model once, whole, without touching a person's draft, Claude's
 * hold and refusal come back as Claude's own reasons, and a message never answers a permission dialog.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Live
class ClaudeDoorTest {
    private static final Duration LONG = Duration.ofSeconds(60);
    private static final String MAKE_A_FILE = "Make a file, please.";
    private static final String WORKING = "Read the notes, please.";
    private static final String TELL_CY = "Tell cy what you found, please.";
    private static final String RELAYED = "What I found, in five lines:\nthe door is the inbox\nthe hook says taken\n"
            + "the transcript says where\nand a draft stays where it was.";

    LiveClaude live;
    Pane ada;
    Pane holding;
    Pane refusing;
    Pane cy;
    Path pwned;
    ClaudeDoors doors;
    final List<PromptSubmitted> prompts = new CopyOnWriteArrayList<>();
    final LateReceipts lateReceipts = new LateReceipts();

    @BeforeAll
    void start(@TempDir Path tmp) throws IOException {
        live = new LiveClaude(tmp);
        pwned = live.work.resolve("pwned");
        Path notes = Files.writeString(live.work.resolve("notes.txt"), "notes\n");
        live.model.script(c -> {
            if (c.lastUserText().endsWith(MAKE_A_FILE) && !c.afterToolResult()) {
                return new Reply.ToolCall(
                        "Bash", Map.of("command", "touch " + pwned, "description", "make a file"), Duration.ZERO);
            }
            if (c.lastUserText().contains(WORKING) && !c.afterToolResult()) {
                // the model thinks a while before it reads a file (Read needs no permission in the folder)
                return new Reply.ToolCall("Read", Map.of("file_path", notes.toString()), Duration.ofSeconds(3));
            }
            if (c.lastUserText().contains(TELL_CY)) {
                return Reply.text(RELAYED);
            }
            if (c.lastUserText().contains("[ada] (1):") || c.lastUserText().contains("[cy] (2):")) {
                // heard on the link: a checkpoint is not relayed, so the two do not talk on (an empty
                // answer would not do: Claude asks the model again)
                return Reply.text("[checkpoint] heard it");
            }
            return Reply.text("fine");
        });
        live.daemon.sessions().onPromptSubmitted(prompts::add);
        // a receipt window wider than the daemon's (one later still is kept, as the daemon's channel hears
        // it): a loaded machine delays Claude's hold receipt, and these tests are about what Claude says
        doors = new ClaudeDoors(
                live.daemon.sessions()::claudeMessaging,
                lateReceipts,
                new ClaudeSocketDoor.Timing(Duration.ofSeconds(3), Duration.ofSeconds(1)));
        ada = live.start("ada", live.work);
        holding = withSettings("holding", "{\"crossSessionInbound\":\"hold\"}");
        refusing = withSettings("refusing", "{\"crossSessionInbound\":\"refuse\"}");
        cy = live.start("cy", live.work);
        for (Pane p : List.of(ada, holding, refusing, cy)) {
            live.awaitBox(p, InputBox.State.EMPTY);
        }
    }

    private Pane withSettings(String name, String settings) {
        return live.tmux.spawn(new SpawnSpec(
                name,
                List.of(NpmHarnesses.bin("claude").toString(), "--settings", settings),
                live.env(),
                live.work,
                120,
                40));
    }

    @AfterAll
    void stop() {
        if (doors != null) {
            doors.close();
        }
        if (live != null) {
            live.close();
        }
    }

    /** The door into {@code pane}, as the daemon learned it from the pane's own SessionStart hook. */
    private Door door(Pane pane) {
        return await().atMost(LONG)
                .until(() -> doors.forPane(pane.id()), Optional::isPresent)
                .orElseThrow();
    }

    private Handover hand(Pane pane, String text) throws Exception {
        return door(pane).hand(parcel(pane, text)).get(10, TimeUnit.SECONDS);
    }

    private static Parcel parcel(Pane pane, String text) {
        return new Parcel(pane.id() + " #" + text.hashCode(), text);
    }

    private void awaitOnceAtTheModel(String text) {
        try {
            await().atMost(LONG).until(() -> live.turnsWith(text).size() == 1);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("not at the model once: " + text + "\n" + live.model.summary(), e);
        }
        // once: no second request carries it while Claude finishes the turn and settles
        await().during(Duration.ofSeconds(3))
                .atMost(Duration.ofSeconds(5))
                .until(() -> live.turnsWith(text).size() == 1);
    }

    private void oneShot(Pane to, String text) throws IOException {
        live.call(
                null,
                "send",
                LiveClaude.args().put("to", to.id()).put("message", text).put("expect_reply", false));
    }

    @LiveTest
    @Order(0)
    void throughTheDaemonAOneShotAndARelayedTurnReachAClaudeBesideAPersonsDraftOnceEach() throws Exception {
        String draft = "a half written thought of mine";
        live.tmux.sendKeys(cy.id(), "-l", draft);
        await().atMost(LONG).until(() -> live.box().shows(live.screen(cy), draft));
        // the daemon knows cy's door from its SessionStart hook
        await().atMost(LONG)
                .until(() -> live.daemon.sessions().claudeMessaging(cy.id()).isPresent());
        String oneShot = "One-shot through Claude's door " + System.nanoTime();

        oneShot(cy, oneShot);
        awaitOnceAtTheModel(oneShot);
        // ada links with cy, then a person asks ada something: ada's answer is relayed to cy
        var link = live.call(
                ada,
                "send",
                LiveClaude.args().put("to", cy.id()).put("message", "Hello cy.").put("direct", true));
        assertTrue(link.path("ok").asBoolean(), link.toString());
        oneShot(ada, TELL_CY);
        awaitOnceAtTheModel(RELAYED);

        String linkId = link.path("link").path("id").asText();
        await().atMost(LONG).until(() -> live.steps(linkId, "relay", RELAYED, "cy").stream()
                .anyMatch(s -> s.startsWith("confirmed")));
        for (List<String> steps :
                List.of(live.steps("oneshot", "oneshot", oneShot, "cy"), live.steps(linkId, "relay", RELAYED, "cy"))) {
            assertTrue(steps.get(0).startsWith("handed: claude-socket"), steps.toString());
            assertTrue(steps.get(1).startsWith("delivered: taken: Claude started a turn with it"), steps.toString());
        }
        assertTrue(live.turnsWith(RELAYED).get(0).lastUserText().contains("[ada] (1):"), "attributed");
        assertTrue(live.box().shows(live.screen(cy), draft), "the draft is untouched:\n" + live.screen(cy));
        assertTrue(live.turnsWith(draft).isEmpty(), "the draft was never submitted");
        live.call(
                ada,
                "send",
                LiveClaude.args().put("close_link", true).put("message", "").put("to", cy.id()));
    }

    @LiveTest
    @Order(1)
    void aMessageThroughTheDoorReachesTheModelOnceAndLeavesAPersonsDraftUntouched() throws Exception {
        String draft = "half-written thought about the parser";
        live.tmux.sendKeys(ada.id(), "-l", draft);
        await().atMost(LONG).until(() -> live.box().shows(live.screen(ada), draft));
        String words = "[Bo] (2):\n\nthe door works " + System.nanoTime();

        Handover handed = hand(ada, words);

        assertInstanceOf(Handover.Handed.class, handed, handed.toString());
        awaitOnceAtTheModel(words);
        await().atMost(Duration.ofSeconds(10))
                .until(() -> prompts.stream().anyMatch(p -> p.pane().equals(ada.id()) && p.carries(words)));
        assertTrue(live.box().shows(live.screen(ada), draft), live.screen(ada));
        assertEquals(InputBox.State.HOLDS, live.box().read(live.screen(ada)), live.screen(ada));
        assertTrue(live.turnsWith(draft).isEmpty(), "the draft was never submitted");
        live.tmux.sendKeys(ada.id(), "C-u");
        live.awaitBox(ada, InputBox.State.EMPTY);
    }

    @LiveTest
    @Order(2)
    void aModelSizedMessageOfThreeParagraphsArrivesWholeOnce() throws Exception {
        String words = "[Cy] (3):\n\nFirst paragraph " + System.nanoTime() + ", about the plan.\n"
                + "It runs over two lines.\n\n"
                + "Second paragraph: what we learned\n"
                + "- the socket answers nothing when it accepts\n"
                + "- a hold comes back as a receipt\n\n"
                + "Third paragraph, the last word.";

        assertInstanceOf(Handover.Handed.class, hand(ada, words));

        awaitOnceAtTheModel(words);
        assertTrue(live.turnsWith(words).get(0).lastUserText().contains(words), "whole, line breaks kept");
    }

    @LiveTest
    @Order(3)
    void aHoldingOrRefusingClaudeSaysSoInItsOwnWords() throws Exception {
        String held = "held message " + System.nanoTime();
        String refused = "refused message " + System.nanoTime();

        // what Claude says of each, however late it says it
        Handover onHold = lateReceipts.said(parcel(holding, held), hand(holding, held), LONG);
        Handover refusal = lateReceipts.said(parcel(refusing, refused), hand(refusing, refused), LONG);

        Handover.Held h = assertInstanceOf(Handover.Held.class, onHold, onHold.toString());
        assertTrue(h.why().contains("held for the recipient user's approval"), h.why());
        Handover.Refused r = assertInstanceOf(Handover.Refused.class, refusal, refusal.toString());
        assertTrue(r.why().contains("not accepting cross-session messages"), r.why());
        await().during(Duration.ofSeconds(3))
                .atMost(Duration.ofSeconds(5))
                .until(() -> live.turnsWith(held).isEmpty()
                        && live.turnsWith(refused).isEmpty());
    }

    @LiveTest
    @Order(4)
    void aMessageForABusyClaudeWaitsForTheTurnsEndAndStartsItsOwnTurn() throws Exception {
        live.tmux.paste(ada.id(), WORKING);
        await().atMost(LONG).until(() -> live.box().shows(live.screen(ada), WORKING));
        live.submit(ada, live.box(), WORKING);
        await().atMost(LONG).until(() -> !live.turnsWith(WORKING).isEmpty());
        String words = "while you were reading " + System.nanoTime();

        assertInstanceOf(Handover.Handed.class, hand(ada, words));

        awaitOnceAtTheModel(words);
        List<FakeModel.Call> afterTool = live.model.calls(c -> c.afterToolResult() && c.mentions("notes"));
        assertEquals(1, afterTool.size(), live.model.summary());
        assertFalse(afterTool.get(0).mentions(words), "not folded into the turn in progress");
        assertTrue(
                live.turnsWith(words).get(0).at().isAfter(afterTool.get(0).at()),
                "its own turn, after the one in progress:\n" + live.model.summary());
        live.awaitBox(ada, InputBox.State.EMPTY);
    }

    @LiveTest
    @Order(5)
    void aMessageThroughTheDoorNeverAnswersAPermissionDialog() throws Exception {
        live.tmux.paste(ada.id(), MAKE_A_FILE);
        await().atMost(LONG).until(() -> live.box().shows(live.screen(ada), MAKE_A_FILE));
        live.submit(ada, live.box(), MAKE_A_FILE);
        live.awaitBox(ada, InputBox.State.DIALOG);
        String yes = "yes";
        String one = "1";

        assertInstanceOf(Handover.Handed.class, hand(ada, yes));
        assertInstanceOf(Handover.Handed.class, hand(ada, one));

        await().during(Duration.ofSeconds(5))
                .atMost(Duration.ofSeconds(8))
                .until(() -> live.box().read(live.screen(ada)) == InputBox.State.DIALOG);
        assertTrue(
                live.model
                        .calls(c -> c.afterToolResult() && c.mentions("touch " + pwned))
                        .isEmpty(),
                "the model got no tool result:\n" + live.model.summary());
        assertFalse(Files.exists(pwned), "the command never ran");
        assertTrue(
                live.model.turns().stream().noneMatch(c -> c.lastUserText().contains("sent a message:\n" + yes)),
                "the messages wait behind the dialog:\n" + live.model.summary());
    }
}
