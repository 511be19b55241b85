package dev.gather.sim;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.Reader;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A simulated harness in a terminal: asks for bracketed paste, echoes what it is given, answers each
 * submitted input after a short think, and reports every answer as a turn end.
 */
public final class Sim {
    static final String PASTE_ON = "\u001B[?2004h";
    static final String PASTE_OFF = "\u001B[?2004l";
    private static final char CTRL_D = '\u0004';

    private final SimAgent agent;
    private final Duration think;
    private final PrintStream screen;
    private final Consumer<String> turnEnd;
    private final ScheduledExecutorService mind;
    private final PasteReader reader = new PasteReader();

    Sim(SimAgent agent, Duration think, PrintStream screen, Consumer<String> turnEnd, ScheduledExecutorService mind) {
        this.agent = Objects.requireNonNull(agent, "agent");
        this.think = Objects.requireNonNull(think, "think");
        this.screen = Objects.requireNonNull(screen, "screen");
        this.turnEnd = Objects.requireNonNull(turnEnd, "turnEnd");
        this.mind = Objects.requireNonNull(mind, "mind");
    }

    /** Reads the terminal until end of input or Ctrl-D. */
    void run(Reader in) throws IOException {
        synchronized (screen) {
            screen.print(PASTE_ON);
            prompt();
        }
        char[] buffer = new char[8192];
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
            String chunk = new String(buffer, 0, n);
            int quit = chunk.indexOf(CTRL_D);
            if (quit >= 0) {
                chunk = chunk.substring(0, quit);
            }
            synchronized (screen) {
                screen.print(chunk.replace("\u001B[200~", "")
                        .replace("\u001B[201~", "")
                        .replace('\r', '\n'));
                screen.flush();
            }
            for (String input : reader.feed(chunk)) {
                submit(input);
            }
            if (quit >= 0) {
                break;
            }
        }
        mind.shutdown();
        try {
            mind.awaitTermination(think.toMillis() + 5_000, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        screen.print(PASTE_OFF);
        screen.flush();
    }

    void run(java.io.InputStream in) throws IOException {
        run(new InputStreamReader(in, java.nio.charset.StandardCharsets.UTF_8));
    }

    private void submit(String input) {
        if (input.isBlank()) {
            synchronized (screen) {
                prompt();
            }
            return;
        }
        mind.schedule(() -> answer(input), think.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void answer(String input) {
        String reply = agent.reply(input);
        synchronized (screen) {
            screen.print("\n" + reply + "\n");
            screen.flush();
        }
        turnEnd.accept(reply);
        synchronized (screen) {
            prompt();
        }
    }

    private void prompt() {
        screen.print("\n" + agent.name() + "> ");
        screen.flush();
    }
}
