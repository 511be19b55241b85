package dev.gather.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.relay.Replies;
import dev.gather.testing.Beside;
import dev.gather.tmux.Pane;
import dev.gather.tmux.ScreensShown;
import dev.gather.tmux.SpawnSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A person's shell is a member too: from a real bash, zsh, fish and sh prompt, a one-shot {@code gather
 * send --to} and a {@code --direct} link to a sim whose answer holds {@code touch FILE} on a line of
 * its own, and commands behind {@code ;}, {@code $( )}, backticks and a pipe. No file is ever made,
 * the shell shows the words, and each answer reaches it once: the one-shot's reply, the link's relay,
 * and a one-shot's answer within the link (relayed by the link, not typed again as the reply).
 */
@Beside
class ShellMemberTest {
    /** Every line a shell would run if it read it; each makes a file in the shell's working folder. */
    private static final String ANSWER = String.join(
            "\n",
            "Done, here is what I ran:",
            "touch FILE",
            "echo one; touch FILE2",
            "$(touch FILE3)",
            "`touch FILE4`",
            "echo two | tee FILE5",
            "End of answer.");

    private static final List<String> FILES = List.of("FILE", "FILE2", "FILE3", "FILE4", "FILE5");

    @RegisterExtension
    final Worlds worlds = Worlds.bare().stateIn("state");

    @TempDir
    Path work;

    Path home;
    World world;

    /** Each shell started as a person's would be, without their rc files, at a prompt. */
    static Stream<List<String>> shells() {
        return Stream.of(
                List.of("bash", "--norc", "--noprofile", "-i"),
                List.of("zsh", "-f"),
                List.of("fish", "--no-config"),
                List.of("sh", "-i"));
    }

    @ParameterizedTest
    @MethodSource("shells")
    void anAnswerFullOfCommandsIsShownInTheShellOnceAndNeverRuns(List<String> shell) throws Exception {
        Pane bo = world.sim("Bo", "--answer", ANSWER.replace("\n", "\\n"));
        Pane me = world.tmux.spawn(new SpawnSpec("me", shell, env(), work, 160, 50));
        until(Duration.ofSeconds(20), () -> !world.screen(me).isBlank(), me);

        type(me, launcher() + " send --to " + bo.id() + " 'what did you run?'");
        until(
                Duration.ofSeconds(60),
                () -> world.entries(Replies.JOURNAL, "reply").size() == 1 && shows(me, 1),
                me,
                bo);

        type(me, launcher() + " send --direct --to " + bo.id() + " 'and once more, please'");
        until(Duration.ofSeconds(60), () -> shows(me, 2), me, bo);
        String link = world.daemon.links.all().iterator().next().id();
        until(Duration.ofSeconds(30), () -> world.entries(link, "relay").size() >= 2, me, bo);

        // a one-shot within the link: its answer comes through the link and is not typed again as the reply
        type(me, launcher() + " send --to " + bo.id() + " 'and a last time'");
        // the reply is journalled as the relay is queued: the answer is shown on the shell's screen after
        until(
                Duration.ofSeconds(60),
                () -> world.entries(Replies.JOURNAL, "reply").size() == 2 && shows(me, 3),
                me,
                bo);
        until(Duration.ofSeconds(20), () -> deliveredTo(me, link).size() >= 3, me, bo);

        // whatever else happens in the meantime (a late second copy) has had time to arrive
        type(me, "echo sett''led");
        until(Duration.ofSeconds(20), () -> world.screen(me).lines().anyMatch(l -> l.endsWith("settled")), me);

        String screen = world.screen(me);
        assertEquals(3, count(screen, "touch FILE\n"), "each answer shown once, its lines intact:\n" + screen);
        assertEquals(3, count(screen, "[Bo] (2):"), screen);
        assertEquals(
                "the link the two share",
                world.entries(Replies.JOURNAL, "reply")
                        .get(1)
                        .path("delivered_by")
                        .asText(),
                "the second reply went through the link, once");
        for (String f : FILES) {
            assertFalse(Files.exists(work.resolve(f)), f + " was made: the shell ran an answer's line\n" + screen);
        }
        List<JsonNode> toMe = deliveredTo(me, link);
        assertEquals(3, toMe.size(), "three answers delivered to the shell, no more: " + toMe);
        toMe.forEach(d ->
                assertEquals("shown on its screen, not typed", d.path("text").asText(), d.toString()));
        assertTrue(world.tmux.alive(me.id()), "the shell is still there");
    }

    /** Waits for {@code condition}; on timeout the failure shows what {@code panes} showed then. */
    private void until(Duration atMost, Callable<Boolean> condition, Pane... panes) {
        ScreensShown.until(
                atMost,
                condition,
                world::screen,
                () -> "--- oneshot journal: " + world.journal(Replies.JOURNAL),
                panes);
    }

    /** Whether the shell's screen shows Bo's answer {@code times} times. */
    /** The deliveries to {@code me}, as the one-shots' journal and {@code link}'s say. */
    private List<JsonNode> deliveredTo(Pane me, String link) {
        return Stream.concat(
                        world.entries(Replies.JOURNAL, "delivery").stream(), world.entries(link, "delivery").stream())
                .filter(d -> d.path("pane").asText().equals(me.id())
                        && d.path("state").asText().equals("delivered"))
                .toList();
    }

    private boolean shows(Pane me, int times) {
        return count(world.screen(me), "End of answer.") >= times;
    }

    /** Types a command line at the shell's prompt, as a person would. */
    private void type(Pane me, String line) {
        world.tmux.sendKeys(me.id(), "-l", line);
        world.tmux.sendKeys(me.id(), "Enter");
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length())) {
            n++;
        }
        return n;
    }

    private Map<String, String> env() {
        return Map.of(
                "GATHER_HOME",
                world.state.root().toString(),
                "GATHER_TMUX_SOCKET",
                world.socket,
                "LANG",
                "C.UTF-8",
                "HOME",
                work.toString(),
                "PS1",
                "$ ");
    }

    /** A script running this build's gather (the jar may not be packaged yet when tests run). */
    private Path launcher() throws Exception {
        return World.launcher(home);
    }
}
