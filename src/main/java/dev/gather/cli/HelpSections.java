package dev.gather.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.ResourceBundle;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The synopsis and the examples of every command's help, laid out so they can be read and copied:
 * the synopsis breaks only between options (picocli's own breaking also cuts after a {@code %} or a
 * {@code /}, splitting {@code [--pane=%ID]} in two), and each example is one line of its own, never
 * wrapped, under "Examples:" (the footer, which the man page prints with hard line breaks too).
 */
final class HelpSections {
    /**
     * Wider than any synopsis, so picocli lays it out on one line; no wider, since picocli's layout
     * costs memory in proportion to the width (at {@code Integer.MAX_VALUE / 2} every help took 25 s
     * and 4 GB).
     */
    static final int ONE_LINE = 4096;

    private HelpSections() {}

    /** Applies both layouts to {@code cli} and every command below it. */
    static void apply(CommandLine cli) {
        UsageMessageSpec usage = cli.getCommandSpec().usageMessage();
        // gather's own examples reach every command through the root's inherited attributes: a command
        // shows the examples of its own help file or none
        if (cli.getCommandSpec().parent() != null && !ownExamples(cli)) {
            usage.footer(new String[0]);
            usage.footerHeading("");
        }
        cli.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_SYNOPSIS, HelpSections::synopsis);
        cli.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_FOOTER, HelpSections::examples);
        cli.getSubcommands().values().forEach(HelpSections::apply);
    }

    private static boolean ownExamples(CommandLine cli) {
        String bundle = cli.getCommandSpec().resourceBundleBaseName();
        return bundle != null && ResourceBundle.getBundle(bundle).containsKey("usage.footer.0");
    }

    private static String synopsis(Help help) {
        UsageMessageSpec usage = help.commandSpec().usageMessage();
        if (usage.customSynopsis().length > 0) {
            return help.synopsis(help.synopsisHeadingLength());
        }
        int width = usage.width();
        boolean auto = usage.autoWidth();
        String oneLine;
        // picocli lays the synopsis out at the usage width: laid out wide, it is one line to break here
        usage.autoWidth(false);
        usage.width(ONE_LINE);
        try {
            oneLine = help.synopsis(help.synopsisHeadingLength()).strip();
        } finally {
            usage.width(width);
            usage.autoWidth(auto);
        }
        return layOut(help.synopsisHeading().length(), oneLine, width) + "\n";
    }

    /**
     * {@code synopsis} as lines of at most {@code width} columns (the first after a heading of
     * {@code indent} columns), broken only at a space outside every bracket, continuation lines under
     * the first option.
     */
    static String layOut(int indent, String synopsis, int width) {
        List<String> tokens = tokens(synopsis);
        if (tokens.isEmpty()) {
            return "";
        }
        // the command's name ("gather start") stays on the first line; options line up after it
        int names = 1;
        while (names < tokens.size() && !tokens.get(names).matches("[\\[<(-].*")) {
            names++;
        }
        String head = String.join(" ", tokens.subList(0, names));
        int hang = indent + head.length() + 1;
        StringBuilder out = new StringBuilder(head);
        int column = indent + head.length();
        for (String t : tokens.subList(names, tokens.size())) {
            if (column + 1 + t.length() > width && column > hang) {
                out.append('\n').append(" ".repeat(hang)).append(t);
                column = hang + t.length();
            } else {
                out.append(' ').append(t);
                column += 1 + t.length();
            }
        }
        return out.toString();
    }

    /** The words of {@code synopsis} split at spaces outside brackets: each option is one token. */
    static List<String> tokens(String synopsis) {
        List<String> out = new ArrayList<>();
        StringBuilder t = new StringBuilder();
        int depth = 0;
        for (char c : synopsis.toCharArray()) {
            if (c == '[' || c == '(' || c == '<') {
                depth++;
            } else if ((c == ']' || c == ')' || c == '>') && depth > 0) {
                depth--;
            }
            if (Character.isWhitespace(c) && depth == 0) {
                if (t.length() > 0) {
                    out.add(t.toString());
                    t.setLength(0);
                }
            } else {
                t.append(c);
            }
        }
        if (t.length() > 0) {
            out.add(t.toString());
        }
        return out;
    }

    private static String examples(Help help) {
        String[] lines = help.commandSpec().usageMessage().footer();
        if (lines.length == 0) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        for (String line : lines) {
            out.append("  ").append(line.replace("%%", "%")).append('\n');
        }
        return out.toString();
    }
}
