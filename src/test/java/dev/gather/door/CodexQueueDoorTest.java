package dev.gather.door;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Codex's door against a stand-in {@code codex} program (the real one is in CodexDoorLiveTest): its
 * exit and words become handed, refused or failed, the text stays one argument, and taken and ended
 * come from the thread's transcript only.
 */
class CodexQueueDoorTest {
    private static final String THREAD = TranscriptFile.THREAD;

    @TempDir
    Path dir;

    /** The thread's transcript, once a test writes one. */
    @AutoClose
    private TranscriptFile transcript;

    private Path program(String body) throws Exception {
        Path p = dir.resolve("codex");
        Files.writeString(p, "#!/bin/sh\nprintf '%s\\n' \"$@\" > " + dir.resolve("args") + "\n" + body);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    private TranscriptFile rollout() throws Exception {
        transcript = new TranscriptFile(dir);
        return transcript;
    }

    private CodexQueueDoor door(Path program) {
        // no server runs here: the control socket is absent, and the door runs the program
        return new CodexQueueDoor(
                program,
                Optional.of(dir.resolve(".codex").resolve(CodexControl.SOCKET)),
                Map.of("PATH", System.getenv("PATH")),
                THREAD,
                Optional.ofNullable(transcript).map(TranscriptFile::rollout),
                Runnable::run,
                CodexQueueDoor.ANSWER_WITHIN);
    }

    @Test
    void anOkIsHandedOnlyAndTheTranscriptSaysWhenItWasTakenAndWhenItsTurnEnded() throws Exception {
        TranscriptFile file = rollout();
        CodexQueueDoor door = door(program("echo \"Queued message 01a2 for thread " + THREAD + ".\"\n"));
        String text = "-rf [ada] (1):\n\nsecond line";

        Handover h = door.hand(new Parcel("j#1 to Ada in %3", text)).join();
        assertEquals("Queued message 01a2 for thread " + THREAD + ".", ((Handover.Handed) h).how());
        assertEquals(
                List.of("queue", "--thread", THREAD, "--message=-rf [ada] (1):", "", "second line"),
                Files.readAllLines(dir.resolve("args")),
                "the text is one argument, never an option");
        Door.Trace trace = door.trace("j#1 to Ada in %3").orElseThrow();
        file.append("{\"type\":\"event_msg\",\"payload\":{\"type\":\"task_complete\"}}"); // an earlier turn's end
        file.append(
                "{\"timestamp\":\"t1\",\"type\":\"response_item\",\"payload\":{\"type\":\"message\",\"role\":\"user\","
                        + "\"content\":[{\"type\":\"input_text\",\"text\":\"-rf [ada] (1):\\n\\nsecond line\"}]}}");
        assertTrue(trace.taken().get(5, TimeUnit.SECONDS).contains("t1"));
        assertFalse(trace.ended().isDone(), "the earlier turn's end is not this one's");
        file.append("{\"timestamp\":\"t2\",\"type\":\"event_msg\",\"payload\":{\"type\":\"task_complete\"}}");
        assertTrue(trace.ended().get(5, TimeUnit.SECONDS).contains("t2"));
    }

    /**
     * Where a handed parcel is comes from its own watch on the transcript (by its reference), until it
     * is taken or typed instead: then the door keeps no record of it.
     */
    @Test
    void whereAParcelIsComesFromItsOwnWatchUntilItIsTakenOrTypedInstead() throws Exception {
        TranscriptFile file = rollout();
        CodexQueueDoor door = door(program("echo 'Queued message'\n"));
        Parcel first = new Parcel("j#6", "first");
        Parcel second = new Parcel("j#7", "second");
        door.hand(first).join();
        door.hand(second).join();
        Door.Trace firstTrace = door.trace("j#6").orElseThrow();
        Door.Trace secondTrace = door.trace("j#7").orElseThrow();
        file.append(
                "{\"timestamp\":\"t1\",\"type\":\"response_item\",\"payload\":{\"type\":\"message\",\"role\":\"user\","
                        + "\"content\":[{\"type\":\"input_text\",\"text\":\"first\"}]}}");
        firstTrace.taken().get(5, TimeUnit.SECONDS);
        assertEquals(
                Door.Whereabouts.Kind.WAITING, door.whereabouts(second).kind(), "behind the turn that took the first");
        file.append("{\"timestamp\":\"t2\",\"type\":\"event_msg\",\"payload\":{\"type\":\"task_complete\"}}");
        assertEquals(Door.Whereabouts.Kind.UNKNOWN, door.whereabouts(second).kind(), "idle now: a whole wait first");
        Door.Whereabouts missing = door.whereabouts(second);
        assertEquals(Door.Whereabouts.Kind.MISSING, missing.kind(), missing.how());

        secondTrace.taken().cancel(false); // typed instead
        assertTrue(door.whereabouts(second).how().contains("keeps no record"), "forgotten once typed instead");
        assertTrue(door.whereabouts(first).how().contains("keeps no record"), "and once taken");
    }

    @Test
    void anUnknownThreadIsRefusedWithCodexsOwnWords() throws Exception {
        CodexQueueDoor door =
                door(program("echo 'Error: failed to queue session message: no rollout found for thread id x' >&2\n"
                        + "echo 'Stack backtrace:' >&2\nexit 1\n"));
        Handover.Refused r = assertInstanceOf(
                Handover.Refused.class, door.hand(new Parcel("j#2", "hi")).join());
        assertTrue(r.why().startsWith("codex has no thread " + THREAD + ": Error: failed to queue"), r.why());
        assertEquals(Optional.empty(), door.trace("j#2"));
    }

    @Test
    void aMissingProgramOrAnotherErrorFails() throws Exception {
        assertInstanceOf(
                Handover.Failed.class,
                door(dir.resolve("gone/codex")).hand(new Parcel("j#3", "hi")).join());
        Handover.Failed f = assertInstanceOf(
                Handover.Failed.class,
                door(program("echo 'Error: rate limited' >&2\nexit 2\n"))
                        .hand(new Parcel("j#4", "hi"))
                        .join());
        assertEquals("codex queue: Error: rate limited", f.why());
    }

    @Test
    void aCodexThatHangsWithItsOutputOpenFailsWithinTheDeadline() throws Exception {
        // it speaks, then neither ends nor closes its output: reading that to its end would wait 60 s
        CodexQueueDoor door = new CodexQueueDoor(
                program("echo 'working'\nexec sleep 60\n"),
                Optional.empty(),
                Map.of("PATH", System.getenv("PATH")),
                THREAD,
                Optional.empty(),
                Runnable::run,
                Duration.ofMillis(500));
        CompletableFuture<Handover> h = OwnThread.supply(
                "hand", () -> door.hand(new Parcel("j#5", "hi")).join());

        Handover.Failed f = assertInstanceOf(Handover.Failed.class, h.get(10, TimeUnit.SECONDS));
        assertTrue(f.why().contains("did not answer within 500 ms"), f.why());
    }

    @Test
    void versionsFromTheFirstWithAQueueOn() {
        assertTrue(CodexDoors.atLeast("codex-cli 0.169.0", CodexDoors.FIRST));
        assertTrue(CodexDoors.atLeast("codex-cli 1.0.0", CodexDoors.FIRST));
        assertFalse(CodexDoors.atLeast("codex-cli 0.168.9", CodexDoors.FIRST));
        assertFalse(CodexDoors.atLeast("no version", CodexDoors.FIRST));
    }
}
