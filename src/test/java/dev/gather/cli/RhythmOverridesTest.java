package dev.gather.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * A rhythm's start-time overrides are refused as they are parsed, in the option's own words: rehearse
 * said "beat interval must be positive (was PT-1S)" once it ran, start only once the daemon had the
 * request.
 */
class RhythmOverridesTest {
    @ParameterizedTest
    @CsvSource({
        "--beats, 0, '--beats must be from 1 to 1000 (found 0)'",
        "--beat-seconds, -1, '--beat-seconds must be from 1 to 86400 (found -1)'",
        "--grace, -5, '--grace must be from 0 to 86400 (found -5)'",
        "--beat-seconds, 86401, '--beat-seconds must be from 1 to 86400 (found 86401)'"
    })
    void rehearseRefusesAnOverrideOutOfRangeWithItsUsage(String option, String value, String said) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));

        int code = cli.execute("rehearse", "minimal", option, value);

        assertEquals(2, code, err.toString());
        assertTrue(
                err.toString().startsWith(said + "\n") && err.toString().contains("Usage: gather rehearse"),
                err.toString());
        assertEquals("", out.toString(), "nothing was rehearsed");
    }

    @Test
    void startRefusesItBeforeAnythingIsAsked() {
        // parsed only: a start that got through would ask this user's own daemon
        CommandLine start = new CommandLine(new StartCommand());
        ParameterException refused =
                assertThrows(ParameterException.class, () -> start.parseArgs("minimal", "--grace", "-1"));
        assertEquals("--grace must be from 0 to 86400 (found -1)", refused.getMessage());
        start.parseArgs("minimal", "--grace", "0", "--beats", "3", "--beat-seconds", "30");
    }
}
