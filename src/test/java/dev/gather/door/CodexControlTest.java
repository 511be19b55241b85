package dev.gather.door;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.testing.OwnThread;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Codex's door on the app server's control socket, against {@link FakeCodexControl}: the message goes
 * there as {@code codex queue} sends it, and {@code codex queue} runs only when the socket did not
 * take it; a request the server took and never answered fails, and is not queued a second time.
 */
class CodexControlTest {
    private static final String THREAD = "01a2135b-bbba-7ca1-a0da-de3e4ab16401";

    @TempDir
    Path dir;

    private Path socket() {
        return dir.resolve("h").resolve(CodexControl.SOCKET);
    }

    /** A stand-in `codex` that says it queued the message, and leaves its arguments behind. */
    private Path program() throws Exception {
        Path p = dir.resolve("codex");
        Files.writeString(
                p,
                "#!/bin/sh\nprintf '%s\\n' \"$@\" > " + dir.resolve("args") + "\necho 'Queued message c-1 for thread "
                        + THREAD + ".'\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    private CodexQueueDoor door(Duration within) throws Exception {
        return new CodexQueueDoor(
                program(),
                Optional.of(socket()),
                Map.of("PATH", System.getenv("PATH")),
                THREAD,
                Optional.empty(),
                Runnable::run,
                within);
    }

    /** Answers initialize, says something unasked, and queues what it is given under {@code id}. */
    private static List<String> queues(JsonNode request) {
        String method = request.path("method").asText();
        if (method.equals("initialize")) {
            return List.of(
                    "{\"method\":\"configWarning\",\"params\":{\"summary\":\"no bubblewrap\"}}",
                    FakeCodexControl.result(request, "{\"userAgent\":\"fake\"}"));
        }
        if (method.equals("thread/queue/add")) {
            return List.of(FakeCodexControl.result(request, "{\"queuedSubmission\":{\"id\":\"s-42\"}}"));
        }
        return List.of();
    }

    @Test
    void aMessageGoesOnTheControlSocketAsCodexQueueSendsItAndNoProgramRuns() throws Exception {
        String longer = "x".repeat(70_000);
        for (String text : List.of("-rf [Ada] (1):\n\n\"quoted\" \\ back\tslash ünï", "y".repeat(300), longer)) {
            try (FakeCodexControl server = new FakeCodexControl(socket(), CodexControlTest::queues, true)) {
                Handover h = door(Duration.ofSeconds(10))
                        .hand(new Parcel("j#1", text))
                        .join();

                assertEquals(
                        "Queued message s-42 for thread " + THREAD + " (control socket).",
                        assertInstanceOf(Handover.Handed.class, h).how());
                assertFalse(Files.exists(dir.resolve("args")), "codex queue did not run");
                List<String> methods =
                        server.read.stream().map(m -> m.path("method").asText()).toList();
                assertEquals(List.of("initialize", "initialized", "thread/queue/add"), methods);
                assertTrue(server.read
                        .get(0)
                        .at("/params/capabilities/experimentalApi")
                        .asBoolean());
                JsonNode add = server.read.get(2).path("params");
                assertEquals(THREAD, add.path("threadId").asText());
                assertEquals(text, add.at("/input/0/text").asText(), "the words arrive as they were, one text");
                assertEquals("text", add.at("/input/0/type").asText());
                assertTrue(add.path("clientUserMessageId").asText().length() >= 32, add.toString());
                assertEquals(List.of("are you there"), server.pongs, "its ping was answered");
            }
        }
    }

    @Test
    void aRefusalOrANonWebSocketServerLeavesItToCodexQueue() throws Exception {
        FakeCodexControl.Script refuses =
                request -> request.path("method").asText().equals("thread/queue/add")
                        ? List.of("{\"id\":" + request.get("id")
                                + ",\"error\":{\"code\":-32600,\"message\":\"unknown thread\"}}")
                        : queues(request);
        try (FakeCodexControl server = new FakeCodexControl(socket(), refuses, true)) {
            Handover h =
                    door(Duration.ofSeconds(10)).hand(new Parcel("j#2", "hi")).join();
            assertEquals(
                    "Queued message c-1 for thread " + THREAD + ".",
                    assertInstanceOf(Handover.Handed.class, h).how());
            assertTrue(Files.readString(dir.resolve("args")).contains("--message=hi"));
        }
        Files.delete(dir.resolve("args"));
        try (FakeCodexControl server = new FakeCodexControl(socket(), CodexControlTest::queues, false)) {
            Handover h =
                    door(Duration.ofSeconds(10)).hand(new Parcel("j#3", "hi")).join();
            assertInstanceOf(Handover.Handed.class, h);
            assertTrue(Files.exists(dir.resolve("args")), "a wrong Sec-WebSocket-Accept is not Codex's server");
            assertTrue(server.read.isEmpty(), "nothing was sent to it");
        }
    }

    @Test
    void aRequestTheServerTookAndNeverAnsweredFailsInTimeAndIsNotQueuedAgain() throws Exception {
        FakeCodexControl.Script silent =
                request -> request.path("method").asText().equals("thread/queue/add") ? List.of() : queues(request);
        try (FakeCodexControl server = new FakeCodexControl(socket(), silent, true)) {
            CodexQueueDoor door = door(Duration.ofMillis(700));
            CompletableFuture<Handover> h = OwnThread.supply(
                    "hand", () -> door.hand(new Parcel("j#4", "hi")).join());

            Handover.Failed f = assertInstanceOf(Handover.Failed.class, h.get(10, TimeUnit.SECONDS));
            assertEquals("Codex's app server did not answer within 700 ms", f.why());
            assertFalse(Files.exists(dir.resolve("args")), "codex queue would have queued it twice");
        }
    }
}
