package dev.gather.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.gather.testing.Slow;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** Help reads as sentences: no line breaks inside a word or path, examples that parse, commands in groups. */
@Slow
class HelpReadsTest {
    static Stream<String> commands() {
        return Stream.concat(
                Stream.of(""),
                Main.commandLine().getSubcommands().keySet().stream().sorted());
    }

    private static CommandLine command(String name) {
        CommandLine root = Main.commandLine();
        return name.isEmpty() ? root : root.getSubcommands().get(name);
    }

    private static String usage(String name) {
        StringWriter out = new StringWriter();
        command(name).usage(new PrintWriter(out));
        return out.toString();
    }

    /** Every text the help is made of, as one string with plain spaces. */
    private static String source(CommandSpec spec) {
        List<String> parts = new ArrayList<>(List.of(spec.usageMessage().description()));
        spec.options().forEach(o -> parts.addAll(List.of(o.description())));
        spec.positionalParameters().forEach(p -> parts.addAll(List.of(p.description())));
        spec.subcommands()
                .values()
                .forEach(s ->
                        parts.addAll(List.of(s.getCommandSpec().usageMessage().description())));
        return String.join(" ", parts).replace("%n", " ").replace("%%", "%");
    }

    @ParameterizedTest
    @MethodSource("commands")
    void noLineBreaksInsideAWordOrPath(String name) {
        String text = source(command(name).getCommandSpec());
        List<String> lines = usage(name).lines().toList();
        for (int i = 0; i + 1 < lines.size(); i++) {
            String a = lines.get(i).strip();
            String b = lines.get(i + 1).strip();
            if (a.isEmpty() || b.isEmpty()) {
                continue;
            }
            String last = a.substring(a.lastIndexOf(' ') + 1);
            String first = b.split(" ", 2)[0];
            if (text.contains(last + first) && !text.contains(last + " " + first)) {
                fail("gather " + name + " --help breaks '" + last + first + "' across lines:\n" + a + "\n" + b);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("commands")
    void everyExampleParses(String name) {
        for (String line : command(name).getCommandSpec().usageMessage().footer()) {
            // a shell comment after an example says what it does
            String example = line.replaceAll("\\s+#.*$", "").replace("%%", "%").strip();
            int at = example.lastIndexOf("gather ");
            assertTrue(at >= 0, "an example that runs gather: " + line);
            // the gather command inside a shell line: source <(gather …), tmux new-session -d 'bin/gather …'
            String command = example.substring(at + "gather ".length()).replaceAll("[)']$", "");
            try {
                Main.commandLine().parseArgs(words(command).toArray(String[]::new));
            } catch (CommandLine.ParameterException e) {
                fail("gather " + name + ": the example '" + example + "' does not parse: " + e.getMessage());
            }
        }
    }

    @Test
    void everyCommandIsInAGroupAndVersionOnlyAtTheTop() {
        List<String> grouped =
                CommandGroups.GROUPS.values().stream().flatMap(List::stream).toList();
        for (String name : Main.commandLine().getSubcommands().keySet()) {
            assertTrue(grouped.contains(name), name + " is in no group of gather --help");
            assertFalse(usage(name).contains("--version"), "gather " + name + " --help lists --version");
        }
        assertTrue(usage("").contains("-V, --version"));
        assertEquals(0, Main.run("status", "--version"), "-V still answers below the top");
    }

    /** Shell words: single quotes group, nothing else is special in the examples. */
    private static List<String> words(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (char c : line.toCharArray()) {
            if (c == '\'') {
                quoted = !quoted;
                any = true;
            } else if (c == ' ' && !quoted) {
                if (any) {
                    out.add(w.toString());
                }
                w.setLength(0);
                any = false;
            } else {
                w.append(c);
                any = true;
            }
        }
        if (any) {
            out.add(w.toString());
        }
        return out;
    }
}
