package dev.gather.cli;

import dev.gather.home.StateDir;
import dev.gather.sim.HookRunner;
import dev.gather.sim.Manners;
import dev.gather.sim.Sim;
import java.io.File;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "sim", resourceBundle = "dev.gather.cli.help.sim", mixinStandardHelpOptions = true)
final class SimCommand implements Callable<Integer> {
    @Option(names = "--name", required = true)
    String name;

    @Option(names = "--think-ms", defaultValue = "150")
    long thinkMs;

    @Option(names = "--pass-after", defaultValue = "0")
    int passAfter;

    @Option(names = "--pass-to", defaultValue = "")
    String passTo;

    @Option(names = "--polite")
    boolean polite;

    @Option(names = "--reply-when", defaultValue = "(?s).")
    String replyWhen;

    @Option(names = "--answer", defaultValue = "")
    String answer;

    @Option(names = "--enter-newline-ms", defaultValue = "0")
    long enterNewlineMs;

    @Option(names = "--busy-ms", defaultValue = "0")
    long busyMs;

    @Option(names = "--ready-after-ms", defaultValue = "0")
    long readyAfterMs;

    @Option(names = "--swallow-enters", defaultValue = "0")
    int swallowEnters;

    @Option(names = "--log")
    Path log;

    @Option(names = "--report-after-ms", defaultValue = "0")
    long reportAfterMs;

    @Option(names = "--hook")
    String hook;

    @Option(names = "--hook-timeout-ms", defaultValue = "60000")
    long hookTimeoutMs;

    @Override
    public Integer call() throws IOException, InterruptedException {
        rawTerminal();
        Sim.Fake fake = new Sim.Fake(
                Duration.ofMillis(enterNewlineMs),
                Duration.ofMillis(busyMs),
                Duration.ofMillis(readyAfterMs),
                swallowEnters,
                Optional.ofNullable(log),
                Duration.ofMillis(reportAfterMs));
        Optional<HookRunner> hooked = hook == null || hook.isBlank()
                ? Optional.empty()
                : Optional.of(new HookRunner(List.of(hook.trim().split("\\s+")), Duration.ofMillis(hookTimeoutMs)));
        Sim.SimOptions options = new Sim.SimOptions(
                name,
                Duration.ofMillis(thinkMs),
                polite && passAfter == 0 ? 1 : passAfter,
                polite ? Manners.floor(name) : Pattern.compile(replyWhen),
                fake,
                passTo,
                answer.replace("\\n", "\n"),
                hooked);
        Sim sim = new Sim(
                options,
                System.in,
                new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8),
                StateDir.fromEnvironment(),
                Optional.ofNullable(System.getenv("TMUX_PANE")),
                Clock.systemUTC());
        try {
            sim.run();
        } finally {
            stty("sane");
        }
        return 0;
    }

    /** Raw mode, as a TUI harness uses: bytes arrive as typed, so a paste's newlines stay text. */
    private static void rawTerminal() throws IOException, InterruptedException {
        stty("raw", "-echo");
    }

    private static void stty(String... modes) throws IOException, InterruptedException {
        if (System.console() == null) {
            return;
        }
        List<String> command = new ArrayList<>(List.of("stty"));
        command.addAll(List.of(modes));
        new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/tty")))
                .start()
                .waitFor();
    }
}
