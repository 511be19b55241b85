package dev.gather.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --format text|json}, checked as it is parsed: any other word is refused with the command's
 * usage (exit 2), where {@code status} and {@code transcript} printed text for it.
 */
final class FormatOption {
    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    private boolean json;

    @Option(names = "--format", defaultValue = "text", descriptionKey = "format")
    void format(String value) {
        json = switch (value) {
            case "text" -> false;
            case "json" -> true;
            default -> throw new ParameterException(
                    command.commandLine(), "--format must be text or json (found '" + value + "')");
        };
    }

    /** Whether the output is JSON. */
    boolean json() {
        return json;
    }
}
