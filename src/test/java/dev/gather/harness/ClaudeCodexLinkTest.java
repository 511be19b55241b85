package dev.gather.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.home.Homes;
import dev.gather.install.Installer;
import dev.gather.tmux.InputBox;
import dev.gather.tmux.Pane;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Claude Code and a real Codex CLI on one direct link, each answering as models do (5 to 9
 * lines), 10 turns each way: every answer reaches the other side's model exactly once (the journal's
 * relays against each fake's request log), Claude through its inbox and Codex through its queue once
 * their doors are known, and no delivery step fails.
 */
@Live
class ClaudeCodexLinkTest {
    private static final int TURNS = 10;
    private static final String HELLO = "Hello bo, over to you.";

    @TempDir
    Path dir;

    private final AtomicInteger adaSaid = new AtomicInteger();
    private final AtomicInteger boSaid = new AtomicInteger();

    /** The {@code n}th answer of {@code who}: 5 to 9 lines, unique, as a model would write it. */
    static String answer(String who, int n) {
        int lines = 5 + n % 5;
        StringBuilder s = new StringBuilder(who + "'s answer " + n + ", in " + lines + " lines:");
        for (int i = 2; i <= lines; i++) {
            s.append("\nline ")
                    .append(i)
                    .append(" of ")
                    .append(who)
                    .append("'s answer ")
                    .append(n);
        }
        return s.toString();
    }

    @LiveTest
    void aClaudeAndACodexTalkTenTurnsEachWayEveryAnswerReachingTheOtherModelOnce() throws Exception {
        FakeAnthropic claudeModel = new FakeAnthropic();
        try (LiveCodex live = new LiveCodex(dir.resolve("codex"));
                AutoCloseable closeModel = claudeModel::close) {
            LiveWorld world = live.world;
            claudeModel.script(c -> c.lastUserText().contains("[bo] (2):") && adaSaid.get() < TURNS
                    ? Reply.text(answer("ada", adaSaid.incrementAndGet()))
                    // not relayed (an empty answer would not do: Claude asks the model again)
                    : Reply.text("[checkpoint] nothing to add"));
            live.model.script(
                    c -> !c.afterToolResult() && c.lastUserText().startsWith("[ada] (1):") && boSaid.get() < TURNS
                            ? Reply.text(answer("bo", boSaid.incrementAndGet()))
                            : Reply.text(""));
            ClaudeHome claude = new ClaudeHome(dir.resolve("claude-home"), claudeModel).prepare(List.of(live.work));
            Map<String, String> claudeEnv = new HashMap<>(claude.env());
            claudeEnv.put("TERM", "xterm-256color");
            Installer.forHarness(
                            "claude",
                            Homes.of(Map.of(
                                    "HOME",
                                    claudeEnv.get("HOME"),
                                    "GATHER_HOME",
                                    world.state.root().toString())),
                            live.launcher.script(),
                            Clock.systemUTC())
                    .install();
            Pane ada = world.spawn("ada", List.of(NpmHarnesses.bin("claude").toString()), claudeEnv, live.work);
            Pane bo = live.spawn("bo");
            world.until(Duration.ofSeconds(120), () -> live.launcher.toolLists() >= 2, live::lastWords, ada, bo);
            world.until(
                    Duration.ofSeconds(120),
                    () -> LiveClaude.PROFILE.quirks().input().orElseThrow().read(world.screen(ada))
                                    == InputBox.State.EMPTY
                            && LiveCodex.BOX.read(world.screen(bo)) == InputBox.State.EMPTY,
                    ada,
                    bo);

            JsonNode linked = world.call(
                    ada,
                    "send",
                    LiveWorld.args().put("to", bo.id()).put("message", HELLO).put("direct", true));
            assertTrue(linked.path("ok").asBoolean(), linked.toString());
            String link = linked.path("link").path("id").asText();
            world.until(
                    Duration.ofMinutes(6),
                    () -> relays(world, link, "ada").size() == TURNS + 1
                            && relays(world, link, "bo").size() == TURNS
                            && confirmed(world, link, "ada") >= TURNS
                            && confirmed(world, link, "bo") >= TURNS + 1,
                    () -> world.entries(link, "delivery") + "\n" + live.lastWords() + "\n" + claudeModel.summary(),
                    ada,
                    bo);
            String status = world.status();
            world.call(
                    ada,
                    "send",
                    LiveWorld.args().put("close_link", true).put("message", "").put("to", bo.id()));

            for (String text : relays(world, link, "ada")) {
                assertEquals(
                        1,
                        live.model
                                .calls(c ->
                                        FakeOpenAI.turn(c) && c.lastUserText().endsWith(text))
                                .size(),
                        "at Codex's model once: " + text);
            }
            for (String text : relays(world, link, "bo")) {
                assertTrue(text.lines().count() >= 5 && text.lines().count() <= 9, text);
                assertEquals(
                        1,
                        claudeModel.turns().stream()
                                .filter(c -> c.lastUserText().contains(text))
                                .count(),
                        "at Claude's model once: " + text);
            }
            List<JsonNode> failed = world.entries(link, "delivery").stream()
                    .filter(d -> d.path("state").asText().equals("failed"))
                    .toList();
            assertTrue(failed.isEmpty(), failed.toString());
            // which door each side used: Claude's inbox from its first hook on, Codex's queue once a turn
            // end named its thread (the handshake is typed)
            System.out.println("handed through a door, by member: "
                    + world.entries(link, "delivery").stream()
                            .filter(d -> d.path("state").asText().equals("handed"))
                            .collect(Collectors.groupingBy(
                                    d -> d.path("to").asText() + " "
                                            + d.path("text").asText().split(":")[0],
                                    Collectors.counting())));
            assertTrue(status.contains("\"door\":\"claude-socket\""), status);
            assertTrue(status.contains("\"door\":\"codex-queue\""), status);
            assertTrue(
                    world.entries(link, "delivery").stream()
                            .anyMatch(d -> d.path("to").asText().equals("ada")
                                    && d.path("text").asText().startsWith("claude-socket")),
                    "Claude's door carried bo's answers");
        }
    }

    private static List<String> relays(LiveWorld world, String link, String from) {
        return world.entries(link, "relay").stream()
                .filter(r -> r.path("from").asText().equals(from))
                .map(r -> r.path("text").asText())
                .toList();
    }

    private static long confirmed(LiveWorld world, String link, String to) {
        return world.entries(link, "delivery").stream()
                .filter(d -> d.path("to").asText().equals(to)
                        && d.path("state").asText().equals("confirmed"))
                .count();
    }
}
