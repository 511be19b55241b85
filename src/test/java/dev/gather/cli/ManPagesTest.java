package dev.gather.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** gather(1) as picocli-codegen writes it, reshaped: commands under gather --help's headings, examples literal. */
class ManPagesTest {
    private static String page(List<String> commands, String footer) {
        StringBuilder p =
                new StringBuilder("= gather(1)\n\n// tag::picocli-generated-man-section-commands[]\n== Commands\n\n");
        for (String c : commands) {
            p.append("xref:gather-")
                    .append(c)
                    .append(".adoc[*")
                    .append(c)
                    .append("*]::\n  Does ")
                    .append(c)
                    .append(".\n\n");
        }
        return p.append("// end::picocli-generated-man-section-commands[]\n\n")
                .append(footer)
                .toString();
    }

    @Test
    void commandsAreListedUnderTheHeadingsOfTheHelpInItsOrder() {
        List<String> all = Main.commandLine().getCommandSpec().subcommands().keySet().stream()
                .sorted()
                .toList();
        String grouped = ManPages.grouped(page(all, ""));
        int at = -1;
        for (var group : CommandGroups.GROUPS.entrySet()) {
            int heading = grouped.indexOf("=== " + group.getKey() + "\n");
            assertTrue(heading > at, group.getKey() + " follows the one before:\n" + grouped);
            at = heading;
            for (String name : group.getValue()) {
                if (!name.equals("help")) {
                    int entry = grouped.indexOf("xref:gather-" + name + ".adoc");
                    assertTrue(entry > at, name + " under " + group.getKey() + ":\n" + grouped);
                    at = entry;
                }
            }
        }
    }

    @Test
    void examplesAreALiteralBlockOneALine() {
        String footer = "==  Examples:\n\n[%hardbreaks]\ngather doctor\ngather demo\n\n// end\n";
        assertEquals("== Examples\n\n....\ngather doctor\ngather demo\n....\n\n// end\n", ManPages.examples(footer));
    }
}
