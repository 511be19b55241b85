package dev.gather.cli;

import dev.gather.home.StateDir;
import dev.gather.sim.Manners;
import dev.gather.sim.Sim;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "sim",
        mixinStandardHelpOptions = true,
        description = {
            "Run a simulated agent in this terminal (try gather without a real agent).",
            "It answers every message with a reply that quotes it (with --polite only when it has the floor",
            "of a gathering) and reports each turn end through the hook path a real harness uses.",
            "",
            "Example:  tmux new-session -d 'bin/gather sim --name Ada'",
        })
final class SimCommand implements Callable<Integer> {
    @Option(names = "--name", required = true, description = "The agent's name.")
    String name;

    @Option(
            names = "--think-ms",
            defaultValue = "150",
            description = "How long it thinks before answering (default ${DEFAULT-VALUE}).")
    long thinkMs;

    @Option(
            names = "--pass-after",
            defaultValue = "0",
            description = "Say \"I pass the piece.\" in every Nth reply (0: never).")
    int passAfter;

    @Option(
            names = "--pass-to",
            defaultValue = "",
            description = "Pass by name: say \"I pass to NAME.\" instead of \"I pass the piece.\".")
    String passTo;

    @Option(
            names = "--polite",
            description = {
                "Behave like a polite member of a gathering: answer only with the floor (the piece announced",
                "to it, a beat, the final beat, the harvest request, as the shipped rhythms word them), pass",
                "the piece after each answer, stay silent otherwise. The sim agent kind runs with it."
            })
    boolean polite;

    @Option(
            names = "--reply-when",
            defaultValue = "(?s).",
            description = "Answer only inputs matching this regex (default: any).")
    String replyWhen;

    @Option(
            names = "--answer",
            defaultValue = "",
            description = "Answer with exactly this text (\\n starts a new line) instead of quoting what was heard.")
    String answer;

    @Option(
            names = "--enter-newline-ms",
            defaultValue = "0",
            description = "Fake: read an Enter this soon after other input as a newline (as Codex does).")
    long enterNewlineMs;

    @Option(
            names = "--busy-ms",
            defaultValue = "0",
            description = "Fake: after each turn stay busy this long, dropping what is typed meanwhile.")
    long busyMs;

    @Option(
            names = "--ready-after-ms",
            defaultValue = "0",
            description = "Fake: show the prompt only after this long, dropping what is typed before.")
    long readyAfterMs;

    @Option(names = "--swallow-enters", defaultValue = "0", description = "Fake: ignore this many first Enters.")
    int swallowEnters;

    @Option(names = "--log", description = "Append every submitted input, as a JSON string per line, to this file.")
    java.nio.file.Path log;

    @Override
    public Integer call() throws IOException, InterruptedException {
        rawTerminal();
        Sim.Fake fake = new Sim.Fake(
                Duration.ofMillis(enterNewlineMs),
                Duration.ofMillis(busyMs),
                Duration.ofMillis(readyAfterMs),
                swallowEnters,
                Optional.ofNullable(log));
        Sim sim = new Sim(
                new Sim.SimOptions(
                        name,
                        Duration.ofMillis(thinkMs),
                        polite && passAfter == 0 ? 1 : passAfter,
                        polite ? Manners.floor(name) : Pattern.compile(replyWhen),
                        fake,
                        passTo,
                        answer.replace("\\n", "\n")),
                System.in,
                new java.io.PrintStream(
                        new java.io.FileOutputStream(java.io.FileDescriptor.out),
                        true,
                        java.nio.charset.StandardCharsets.UTF_8),
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
        java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of("stty"));
        command.addAll(java.util.List.of(modes));
        new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/tty")))
                .start()
                .waitFor();
    }
}
