package dev.gather.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.home.Homes;
import dev.gather.install.Installer;
import dev.gather.profile.Profiles;
import dev.gather.tmux.InputBox;
import dev.gather.tmux.Pane;
import dev.gather.tmux.TmuxException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real Gemini CLI (pinned) in tmux against {@link FakeGemini}, installed with {@code gather
 * install gemini}, started once (node starts slowly) and linked with gather's simulated agent: its
 * box read from the real screen, busy from the turn cycle, its AfterAgent hook bringing each turn to
 * the right pane with the right words, and its approval dialog never pressed through.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Live
class GeminiLiveTest {
    private static final InputBox BOX =
            Profiles.shipped().forKind("gemini").quirks().input().orElseThrow();

    @TempDir
    static Path dir;

    private FakeGemini model;
    private LiveWorld world;
    private LocalLauncher launcher;
    private Pane gem;
    private Pane ada;
    private final AtomicInteger answers = new AtomicInteger();

    @BeforeAll
    void start() throws Exception {
        model = new FakeGemini();
        Path home = dir.resolve("home");
        Path work = Files.createDirectories(dir.resolve("work"));
        GeminiHome gemini = new GeminiHome(home, model).prepare(List.of(work));
        launcher = LocalLauncher.write(dir.resolve("bin"));
        Installer.forHarness("gemini", Homes.of(gemini.env()), launcher.script(), Clock.systemUTC())
                .install();
        world = new LiveWorld(dir.resolve("gather"));
        gem = startGemini(gemini, work);
        ada = world.spawn("ada", LiveWorld.sim("--name", "ada", "--think-ms", "50"), Map.of(), work);
        world.until(Duration.ofSeconds(60), () -> world.screen(ada).contains("ada is ready."), ada);
    }

    /**
     * Starts Gemini and waits for its empty box. A Gemini that exits at start-up (as it does when it
     * decides it is headless) fails the test with what it printed on stderr, not a vanished pane.
     */
    private Pane startGemini(GeminiHome gemini, Path work) throws IOException {
        Path stderr = dir.resolve("gemini-stderr.log");
        Pane pane = world.spawn(
                "gem",
                List.of(
                        "sh",
                        "-c",
                        "exec \"$0\" 2>>\"$1\"",
                        NpmHarnesses.bin("gemini").toString(),
                        stderr.toString()),
                gemini.env(),
                work);
        try {
            world.until(Duration.ofSeconds(180), () -> BOX.read(world.screen(pane)) == InputBox.State.EMPTY, pane);
            return pane;
        } catch (TmuxException gone) {
            throw new AssertionError(
                    "gemini exited during start-up; its stderr:\n"
                            + (Files.exists(stderr) ? Files.readString(stderr) : "(nothing)"),
                    gone);
        }
    }

    @AfterAll
    void stop() {
        try {
            if (world != null) {
                world.close();
            }
        } finally {
            if (model != null) {
                model.close();
            }
        }
    }

    @LiveTest
    @Order(1)
    void theEmptyBoxAndTextInItAreRecognised() {
        LiveScaffold.boxIsRecognised(world, BOX, gem, model, FakeGemini::turn);
    }

    /**
     * ada (the sim) links with gem; each of gem's turns (slow: the fake thinks) keeps it busy until
     * its AfterAgent hook, whose words reach ada attributed to gem; ten turns both ways.
     */
    @LiveTest
    @Order(2)
    void aLinkWithGeminiRunsBothWaysEachTurnToTheRightPane() throws Exception {
        model.script(c -> new Reply.Text("gem says " + answers.incrementAndGet(), Duration.ofMillis(1500)));
        String link = world.link(ada, gem, "Hello gem,\nthis is line two.");
        // busy comes from the turn cycle (its screen still draws an empty box mid-turn)
        world.until(
                Duration.ofSeconds(60),
                () -> memberState("gem").equals("busy"),
                () -> world.status() + "\n" + world.entries(link, "delivery"),
                gem);

        world.until(Duration.ofMinutes(4), () -> world.entries(link, "relay").size() >= 11, model::summary, gem, ada);
        world.call(ada, "send", LiveWorld.args().put("close_link", true));

        List<JsonNode> relays = world.entries(link, "relay").subList(0, 11);
        for (int i = 0; i < relays.size(); i++) {
            assertEquals(i % 2 == 0 ? "ada" : "gem", relays.get(i).path("from").asText(), "turn " + i + ": " + relays);
        }
        assertEquals("gem says 1", relays.get(1).path("text").asText(), "gem's first turn, its own words");
        LiveScaffold.noFailedStep(world, link);
        assertEquals(
                1,
                model.calls(c -> FakeGemini.turn(c) && c.lastUserText().endsWith("Hello gem,\nthis is line two."))
                        .size(),
                "the multi-line message was one prompt, submitted once");
        // each of ada's words that gem answered (the last may still be on its way) reached the model once
        for (JsonNode r : relays.subList(0, relays.size() - 1)) {
            if (r.path("from").asText().equals("ada")) {
                LiveScaffold.submittedOnce(
                        model, FakeGemini::turn, r.path("text").asText());
            }
        }
    }

    /**
     * Answers the size models write, 2 to 40 lines and 2 to 4 paragraphs, queued at once for gem: each
     * is pasted, submitted once (long ones shown as "[Pasted Text: n lines]"), and reaches the model
     * exactly once, whole.
     */
    @LiveTest
    @Order(3)
    void modelSizedMessagesEachReachTheModelOnce() throws Exception {
        LiveScaffold.modelSizedEachOnce(world, model, FakeGemini::turn, "gemini", gem, model::summary);
    }

    /** A shell command opens Gemini's approval dialog: read as one, never pressed through. */
    @LiveTest
    @Order(4)
    void anApprovalDialogIsRecognisedAndAQueuedMessageWaits() throws Exception {
        ApprovalDialog.holds(
                world,
                model,
                BOX,
                gem,
                ada,
                new Reply.ToolCall(
                        "run_shell_command",
                        Map.of("command", "touch pwned", "description", "make a file"),
                        Duration.ZERO),
                dir.resolve("work"));
    }

    private String memberState(String name) {
        for (JsonNode l : readStatus().path("links")) {
            for (JsonNode m : l.path("members")) {
                if (m.path("name").asText().equals(name)) {
                    return m.path("delivery").path("state").asText();
                }
            }
        }
        return "";
    }

    private JsonNode readStatus() {
        try {
            return LiveWorld.JSON.readTree(world.status());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
