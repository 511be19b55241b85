package dev.gather.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * {@code --format} takes text or json wherever it is offered; {@code status} and {@code transcript}
 * printed text for any other word, {@code lint} and {@code rehearse} each checked it by hand. ({@code
 * status} is only parsed here: run, it would ask this user's own daemon.)
 */
class FormatOptionTest {
    @ParameterizedTest
    @ValueSource(strings = {"transcript", "lint rhythms", "rehearse minimal"})
    void anyOtherFormatIsRefusedWithTheUsageBeforeTheCommandRuns(String command) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));

        int code = cli.execute((command + " --format yaml").split(" "));

        assertEquals(2, code, err.toString());
        assertTrue(err.toString().startsWith("--format must be text or json (found 'yaml')"), err.toString());
        assertTrue(err.toString().contains("Usage: gather " + command.split(" ")[0]), err.toString());
        assertEquals("", out.toString(), "the command did not run");
    }

    @Test
    void statusTakesTextOrJsonOnly() {
        // parsed only: a status that got through would ask this user's own daemon
        CommandLine status = new CommandLine(new StatusCommand());
        ParameterException refused = assertThrows(ParameterException.class, () -> status.parseArgs("--format", "yaml"));
        assertEquals("--format must be text or json (found 'yaml')", refused.getMessage());
        status.parseArgs("--format", "json");
    }
}
