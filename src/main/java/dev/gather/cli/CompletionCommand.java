package dev.gather.cli;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;

/** {@code gather completion}: the shell completion script, generated from the command model. */
@Command(name = "completion", resourceBundle = "dev.gather.cli.help.completion")
final class CompletionCommand implements Callable<Integer> {
    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        // the same script serves zsh through bashcompinit, which it enables itself
        System.out.print(AutoComplete.bash("gather", spec.root().commandLine()));
        return 0;
    }
}
