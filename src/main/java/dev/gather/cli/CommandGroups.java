package dev.gather.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * How {@code gather --help} reads: the everyday commands first, set-up next, the plumbing that
 * harnesses, the daemon and developers run under a heading of its own; {@code -V} only on gather itself.
 */
final class CommandGroups {
    /** Each heading with its commands, in the order they are listed. */
    static final Map<String, List<String>> GROUPS = groups();

    private CommandGroups() {}

    private static Map<String, List<String>> groups() {
        Map<String, List<String>> g = new LinkedHashMap<>();
        g.put(
                "Everyday",
                List.of(
                        "start",
                        "send",
                        "status",
                        "watch",
                        "say",
                        "pass",
                        "take",
                        "join",
                        "end",
                        "links",
                        "transcript",
                        "events",
                        "web",
                        "demo"));
        g.put(
                "Set-up and rhythms",
                List.of(
                        "install",
                        "plugins",
                        "uninstall",
                        "doctor",
                        "rhythms",
                        "lint",
                        "rehearse",
                        "diagram",
                        "completion",
                        "remote"));
        g.put(
                "Plumbing (run by harnesses, the daemon and developers)",
                List.of("daemon", "mcp", "hook", "sim", "clean", "help"));
        return g;
    }

    /** Applies the grouping to {@code cli}'s help, wraps descriptions at spaces, hides {@code -V} below the top. */
    static CommandLine apply(CommandLine cli) {
        wrapAtSpaces(cli);
        HelpSections.apply(cli);
        cli.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_COMMAND_LIST_HEADING, h -> "");
        cli.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_COMMAND_LIST, CommandGroups::render);
        cli.getSubcommands().values().forEach(CommandGroups::hideVersion);
        return cli;
    }

    private static String render(Help help) {
        Map<String, Help> subs = help.subcommands();
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, List<String>> group : GROUPS.entrySet()) {
            Help.TextTable table = Help.TextTable.forColumns(
                    help.colorScheme(),
                    new Help.Column(14, 2, Help.Column.Overflow.SPAN),
                    new Help.Column(help.commandSpec().usageMessage().width() - 14, 0, Help.Column.Overflow.WRAP));
            boolean any = false;
            for (String name : group.getValue()) {
                Help sub = subs.get(name);
                if (sub == null) {
                    continue;
                }
                any = true;
                String[] header = sub.commandSpec().usageMessage().header();
                String[] description = header.length > 0
                        ? header
                        : sub.commandSpec().usageMessage().description();
                table.addRowValues(name, description.length == 0 ? "" : first(description[0]));
            }
            if (any) {
                out.append(group.getKey()).append(":\n").append(table);
            }
        }
        return out.toString();
    }

    /** The first sentence of a command's description, for the list. */
    private static String first(String description) {
        String d = description.replace("%%", "%");
        int end = d.indexOf(". ");
        return end < 0 ? d : d.substring(0, end + 1);
    }

    /**
     * Descriptions wrap between words only: picocli's line breaking also breaks after a dot or a slash,
     * which cut paths such as ~/.claude.json in two.
     */
    private static void wrapAtSpaces(CommandLine cli) {
        cli.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_DESCRIPTION, help -> {
            StringBuilder out = new StringBuilder();
            int width = help.commandSpec().usageMessage().width();
            for (String paragraph : help.commandSpec().usageMessage().description()) {
                String text = paragraph.replace("%n", "\n").replace("%%", "%");
                for (String line : text.split("\n", -1)) {
                    out.append(Wrap.atSpaces(line, width)).append('\n');
                }
            }
            return out.toString();
        });
        cli.getSubcommands().values().forEach(CommandGroups::wrapAtSpaces);
    }

    private static void hideVersion(CommandLine sub) {
        CommandSpec spec = sub.getCommandSpec();
        OptionSpec version = spec.findOption("--version");
        if (version != null && !version.hidden()) {
            spec.remove(version);
            spec.addOption(version.toBuilder().hidden(true).build());
        }
        sub.getSubcommands().values().forEach(CommandGroups::hideVersion);
    }
}
