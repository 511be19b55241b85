package dev.gather.delivery;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.gather.profile.Profile;
import dev.gather.profile.Profiles;
import dev.gather.testing.Slow;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.DeliveryResult;
import dev.gather.tmux.HarnessQuirks;
import dev.gather.tmux.Pane;
import dev.gather.tmux.PrivateServer;
import dev.gather.tmux.SpawnSpec;
import dev.gather.tmux.Tmux;
import dev.gather.tmux.Tmuxes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A harness that draws its empty box before it reads input (Codex loading its MCP servers) looks
 * ready, so the first message is pasted while it loads and shows only seconds later, after the
 * keystrokes' echo timeout. Messages queued at its start still reach it exactly once each, one per
 * submit: nothing is pasted onto a paste it has not shown yet, and none fails.
 */
@Slow
class LateEchoTest {
    /** Longer than the deliverer's echo timeout below, short of the profile's ready timeout. */
    private static final long LOADING_MS = 2_500;

    @TempDir
    Path dir;

    @Test
    void messagesQueuedWhileAHarnessLoadsBehindItsBoxReachItOnceEachNoneGlued() throws Exception {
        List<String> messages = List.of("the seed, first", "the phase, second", "the piece, third");
        deliveredOnceEach(messages, LOADING_MS, 0);
    }

    /**
     * A harness that shows the paste but takes no Enter for longer than four presses last (a loaded
     * machine, Codex still starting) is pressed on within its profile's ready timeout: the message is
     * submitted once and counts as delivered, not failed while the harness took it a moment later.
     */
    @Test
    void aPasteShownBeforeTheHarnessTakesEnterIsPressedOnUntilItIsTaken() throws Exception {
        deliveredOnceEach(List.of("the seed, pressed on"), 0, 12_000);
    }

    private void deliveredOnceEach(List<String> messages, long loadingMs, long deafMs) throws Exception {
        Files.writeString(
                dir.resolve("loading.yaml"),
                """
                profile: loading
                description: draws its box at once, reads input only once loaded
                typing:
                  enter_gap: 50ms
                ready:
                  quiet: 200ms
                  timeout: 20s
                input_box:
                  line: '^› ?(?<text>.*?)\\s*$'
                  search_lines: 3
                  placeholders: ['Ask me anything']
                turns:
                  signal: none
                """);
        Profile loading = Profiles.load(List.of(dir)).get("loading").orElseThrow();
        Path out = dir.resolve("submits.log");
        PrivateServer server = new PrivateServer();
        Deliverer.Timing quick = new Deliverer.Timing(Duration.ofMillis(500), Duration.ofMillis(300), 4);
        try (Tmux tmux = Tmuxes.connect(server.config);
                Deliverer deliverer = new Deliverer(tmux, HarnessQuirks.GENERIC, quick);
                PostOffice post = new PostOffice(tmux, deliverer, Profiles.shipped(), Clock.systemUTC(), Ledger.NONE)) {
            Pane pane = tmux.spawn(new SpawnSpec("loading", command(out, loadingMs, deafMs), Map.of(), dir, 100, 20));
            // the harness runs once sh has exec'd it: until then the pane runs a shell, which gather rightly
            // never types into (on a loaded machine the letters came first and were shown, not typed)
            await().atMost(Duration.ofSeconds(30)).until(() -> tmux.panes().stream()
                    .anyMatch(p -> p.id().equals(pane.id()) && p.command().equals("java")));
            post.started(pane.id(), loading);
            List<CompletableFuture<DeliveryResult>> results = messages.stream()
                    .map(m -> post.post(pane.id(), new Letter("g", messages.indexOf(m) + 1, "Bo", m)))
                    .toList();

            await().atMost(Duration.ofSeconds(60)).until(() -> results.stream().allMatch(CompletableFuture::isDone));
            for (CompletableFuture<DeliveryResult> r : results) {
                assertInstanceOf(
                        DeliveryResult.Delivered.class, r.join(), r.join().toString());
            }
            try {
                await().atMost(Duration.ofSeconds(30)).until(() -> submits(out).size() >= messages.size());
            } catch (ConditionTimeoutException e) {
                // what gather saw and what the program shows, so a failure under load can be read
                throw new AssertionError(
                        "submitted " + submits(out) + "; results "
                                + results.stream().map(CompletableFuture::join).toList() + "; the screen:\n"
                                + tmux.capture(pane.id(), 0),
                        e);
            }
            assertEquals(messages, submits(out), "each message submitted once, alone in the box");
        } finally {
            server.kill();
        }
    }

    private static List<String> command(Path out, long loadingMs, long deafMs) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        String classes = Path.of(LoadingHarness.class
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .toURI())
                .toString();
        return List.of(
                "sh",
                "-c",
                "stty raw -echo; exec \"$0\" -cp \"$1\" \"$2\" \"$3\" \"$4\" \"$5\"",
                java,
                classes,
                LoadingHarness.class.getName(),
                out.toString(),
                Long.toString(loadingMs),
                Long.toString(deafMs));
    }

    private static List<String> submits(Path out) throws Exception {
        return Files.exists(out)
                ? Files.readAllLines(out).stream()
                        .map(l -> new String(
                                Base64.getDecoder().decode(l.substring("SUBMIT ".length())), StandardCharsets.UTF_8))
                        .toList()
                : List.of();
    }
}
