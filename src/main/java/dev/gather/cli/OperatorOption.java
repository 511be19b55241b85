package dev.gather.cli;

import picocli.CommandLine.Option;

/** {@code --operator}: act on a gathering as the user in charge, though no member of it; the daemon journals it. */
final class OperatorOption {
    @Option(names = "--operator")
    boolean given;
}
