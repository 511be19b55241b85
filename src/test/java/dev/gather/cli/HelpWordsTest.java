package dev.gather.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.ResourceBundle;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The help's words live in help/*.properties (see {@link Main}): a key that names no option, or an
 * option that finds no key, would print nothing and fail nowhere else.
 */
class HelpWordsTest {
    private static List<CommandSpec> commands() {
        List<CommandSpec> out = new ArrayList<>();
        List<CommandLine> todo = new ArrayList<>(List.of(Main.commandLine()));
        while (!todo.isEmpty()) {
            CommandLine c = todo.remove(0);
            if (!(c.getCommandSpec().userObject() instanceof CommandLine.HelpCommand)) {
                out.add(c.getCommandSpec());
                todo.addAll(c.getSubcommands().values());
            }
        }
        return out;
    }

    /** The keys an argument answers to: its descriptionKey, or for an option each of its names. */
    private static Set<String> keys(ArgSpec arg) {
        Set<String> keys = new HashSet<>(Set.of(arg.descriptionKey()));
        if (arg instanceof OptionSpec o) {
            for (String name : o.names()) {
                keys.add(name.replaceFirst("^-+", ""));
            }
        }
        return keys;
    }

    @Test
    void everyCommandAndArgumentHasWords() {
        for (CommandSpec spec : commands()) {
            String name = spec.qualifiedName();
            assertTrue(spec.usageMessage().description().length > 0, name + " has no description");
            for (ArgSpec arg : spec.args()) {
                assertTrue(
                        String.join("", arg.description()).length() > 0,
                        name + ": " + arg + " has no description (a key missing from its help file?)");
            }
        }
    }

    @Test
    void everyKeyIsUsed() {
        Set<String> used = new HashSet<>();
        Set<String> all = new HashSet<>();
        for (CommandSpec spec : commands()) {
            String prefix = spec.parent() == null ? "gather." : "";
            ResourceBundle bundle = ResourceBundle.getBundle(spec.resourceBundleBaseName());
            for (String key : bundle.keySet()) {
                all.add(spec.resourceBundleBaseName() + " " + key);
            }
            for (String key : bundle.keySet()) {
                String base = key.replaceFirst("\\.\\d+$", "");
                if (base.equals(prefix + "usage.description")
                        || base.equals(prefix + "usage.footer")
                        || base.equals(prefix + "usage.footerHeading")
                        || spec.args().stream().anyMatch(a -> keys(a).contains(base))) {
                    used.add(spec.resourceBundleBaseName() + " " + key);
                }
            }
            // the mixins' words sit in the root's file; every command falls back to it
            ResourceBundle root = ResourceBundle.getBundle("dev.gather.cli.help.gather");
            for (String key : root.keySet()) {
                if (spec.args().stream().anyMatch(a -> keys(a).contains(key))) {
                    used.add("dev.gather.cli.help.gather " + key);
                }
            }
        }
        all.removeAll(used);
        assertTrue(all.isEmpty(), "keys no command uses: " + all);
    }
}
