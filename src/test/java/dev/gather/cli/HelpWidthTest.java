package dev.gather.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * Every command's help on an 80-column terminal: no line longer, none ending inside a {@code [...]}
 * option or in the middle of a word, no sentence broken by hand, and examples one whole command a line
 * (the man page prints the footer with hard line breaks, so what holds here holds there).
 */
class HelpWidthTest {
    private static final int WIDTH = 80;

    /** Every command by its path below gather ("" for gather itself, "remote pair"). */
    static Stream<String> commands() {
        List<String> out = new ArrayList<>();
        walk(Main.commandLine(), "", out);
        return out.stream();
    }

    private static void walk(CommandLine cli, String path, List<String> out) {
        out.add(path);
        cli.getSubcommands().forEach((name, sub) -> {
            if (!name.equals("help")) {
                walk(sub, (path + " " + name).strip(), out);
            }
        });
    }

    private static CommandLine command(String path) {
        CommandLine cli = Main.commandLine();
        for (String name : path.isEmpty() ? new String[0] : path.split(" ")) {
            cli = cli.getSubcommands().get(name);
        }
        return cli;
    }

    private static List<String> usage(String path, int width) {
        CommandLine cli = command(path);
        cli.setUsageHelpAutoWidth(false);
        cli.setUsageHelpWidth(width);
        StringWriter out = new StringWriter();
        cli.usage(new PrintWriter(out));
        return out.toString().lines().toList();
    }

    @ParameterizedTest
    @MethodSource("commands")
    void at80ColumnsNoLineEndsInsideAnOptionOrAWord(String path) {
        List<String> lines = usage(path, WIDTH);
        // the same help laid out too wide to break: what a break at 80 columns must not cut
        String whole = String.join("\n", usage(path, 10_000));
        String name = ("gather " + path).strip();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            assertTrue(line.length() <= WIDTH, name + " --help has a line of " + line.length() + " columns:\n" + line);
            int open = 0;
            for (char c : line.toCharArray()) {
                open += c == '[' ? 1 : c == ']' ? -1 : 0;
            }
            if (open > 0) {
                fail(name + " --help ends a line inside a [...] option:\n" + line + "\n" + lines.get(i + 1));
            }
            if (i + 1 == lines.size() || line.isBlank() || lines.get(i + 1).isBlank()) {
                continue;
            }
            String last = line.substring(line.lastIndexOf(' ') + 1);
            String first = lines.get(i + 1).strip().split(" ", 2)[0];
            if (!last.isEmpty() && whole.contains(last + first) && !whole.contains(last + " " + first)) {
                fail(name + " --help splits '" + last + first + "' across lines:\n" + line + "\n" + lines.get(i + 1));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("commands")
    void noSentenceIsBrokenByHand(String path) {
        // each description line is a paragraph, wrapped by the help at the terminal's width
        for (String paragraph : command(path).getCommandSpec().usageMessage().description()) {
            String p = paragraph.strip();
            assertTrue(
                    p.isEmpty() || p.matches("(?s).*[.:!?]$"),
                    ("gather " + path).strip() + ": a description line ends mid-sentence (wrapped by hand?): " + p);
        }
    }

    @ParameterizedTest
    @MethodSource("commands")
    void examplesAreOneWholeCommandALine(String path) {
        var usage = command(path).getCommandSpec().usageMessage();
        String name = ("gather " + path).strip();
        for (String d : usage.description()) {
            assertFalse(
                    d.strip().startsWith("Example"),
                    name + ": an example in the description, not under Examples: " + d);
        }
        for (String example : usage.footer()) {
            assertTrue(
                    example.matches("(gather|source|tmux|claude|GATHER_HOME=\\S+ gather) .*"),
                    name + ": an example line that is not a whole command: " + example);
            assertTrue(example.length() <= WIDTH - 2, name + ": an example too long for 80 columns: " + example);
        }
        if (usage.footer().length > 0) {
            assertEquals("%nExamples:%n", usage.footerHeading());
        }
    }

    @Test
    void theTopLevelExamplesWorkOutsideACheckout() {
        for (String example : command("").getCommandSpec().usageMessage().footer()) {
            assertFalse(example.matches(".*(rhythms/|bin/|\\./).*"), "needs a checkout: " + example);
        }
        assertTrue(command("").getCommandSpec().usageMessage().footer().length > 0);
    }
}
