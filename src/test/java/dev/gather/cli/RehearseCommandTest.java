package dev.gather.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gather rehearse} as a designer runs it: the timeline, the flags, the exit code. */
class RehearseCommandTest {
    record Run(int code, String out, String err) {}

    static Run rehearse(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        picocli.CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int code = cli.execute(
                Stream.concat(Stream.of("rehearse"), Stream.of(args)).toArray(String[]::new));
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void theTimelineShowsPrivatePromptsBeatsPhasesPassesAndTheHarvestWithFlags() {
        Run run = rehearse(
                "daily", "-p", "Ada", "-p", "Bo:speaker:silent", "-p", "Cy:speaker:passes", "-p", "Hal:harvester");
        assertEquals(1, run.code(), run.out() + run.err());
        String out = run.out();
        assertTrue(out.contains("  2. Bo [speaker] stays silent"), out);
        assertTrue(
                out.contains("[00:00:00]    (private to Ada, seed) You are Ada (1) in this gathering, as speaker."),
                out);
        assertTrue(out.contains("[00:00:00] == --- Phase: INHALE (round 1/1)"), out);
        assertTrue(out.contains("[00:00:00]    > The piece is now with Bo (2)."), out);
        assertTrue(out.contains("[00:01:00]    (private to Bo, beat) [Beat 1/2]"), out);
        assertTrue(out.contains("[00:02:00]    (private to Bo, final_beat) Your turn is up."), out);
        // daily hears in a digest: Cy's turn message opens with what was said since the start
        assertTrue(
                out.contains("Cy heard \"--- Phase: INHALE (round 1/1) --- Share independently; do no…\" (reply #1)."
                        + " I pass to Bo."),
                out);
        assertTrue(out.contains("(not typed now to Ada, Bo, Cy, Hal: they hear it with their own next prompt)"), out);
        assertTrue(out.contains("--- harvest by Hal ---"), out);
        assertTrue(out.contains("\nfinished after "), out);
        assertTrue(
                out.strip().endsWith("flag: Bo (stays silent) held the piece but was never heard by the others"), out);
    }

    @Test
    void hearingLiveOrDigestShowsWhatEachMemberReceivesAndWhen() {
        Run live = rehearse("minimal", "--hearing", "live");
        assertEquals(0, live.code(), live.out() + live.err());
        assertFalse(live.out().contains("not typed now"), live.out());
        assertFalse(live.out().contains("(private to Ada, turn)"), live.out());
        Run digest = rehearse("minimal", "--hearing", "digest");
        assertEquals(0, digest.code(), digest.out() + digest.err());
        // the piece reaches each speaker privately, after what it was not yet told; the harvester hears all with the
        // harvest
        assertTrue(digest.out().contains("(private to Ada, turn) --- Phase: INHALE (round 1/1)"), digest.out());
        assertTrue(
                digest.out().contains("(not typed now to Bo, Hal: they hear it with their own next prompt)"),
                digest.out());
        assertEquals(2, rehearse("minimal", "--hearing", "loudly").code());
    }

    @Test
    void aRhythmFileIsRehearsedAndEverythingCleanExitsZero(@TempDir Path dir) throws Exception {
        Path mine = dir.resolve("mine.yaml");
        Files.writeString(
                mine, Files.readString(Path.of("rhythms/minimal.yaml")).replace("name: minimal", "name: mine"));
        Run run = rehearse(mine.toString());
        assertEquals(0, run.code(), run.out() + run.err());
        assertTrue(run.out().startsWith("rehearsal of mine in virtual time"), run.out());
        assertFalse(run.out().contains("flag:"), run.out());
    }

    @Test
    void aRhythmThatNeedsThirtyTwoSpeakersIsRehearsedWithThirtyTwo(@TempDir Path dir) throws Exception {
        Path crowd = dir.resolve("crowd.yaml");
        Files.writeString(
                crowd,
                Files.readString(Path.of("rhythms/minimal.yaml"))
                        .replace("name: minimal", "name: crowd")
                        .replace("speakers: {min: 2, max: 12}", "speakers: {min: 32, max: 32}"));
        // it was rehearsed with the twelve named speakers, which the gathering refused (issue 35)
        Run run = rehearse(crowd.toString());
        assertEquals(0, run.code(), run.out() + run.err());
        assertTrue(run.out().contains("  32. Speaker32 [speaker]"), run.out());
    }

    @Test
    void badUsageSaysWhatIsWrongWithoutAStackTrace() {
        Run behaviour = rehearse("daily", "-p", "Ada:speaker:loud");
        assertEquals(1, behaviour.code());
        assertEquals(
                "gather: unknown behaviour 'loud'; known: answers, silent, passes, interrupts, slow",
                behaviour.err().strip());
        Run direct = rehearse("direct");
        assertEquals(2, direct.code());
        assertTrue(direct.err().contains("has no talking piece"), direct.err());
        Run json = rehearse("minimal", "--format", "json");
        assertEquals(0, json.code(), json.err());
        assertTrue(json.out().startsWith("{\"rhythm\":\"minimal\",\"finished\":true"), json.out());
    }
}
