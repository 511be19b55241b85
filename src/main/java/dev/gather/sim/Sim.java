package dev.gather.sim;

import dev.gather.daemon.StateDir;
import dev.gather.turn.Spool;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A simulated agent harness for tests, benchmarks and the demo: reads pasted input like a TUI,
 * answers with a deterministic reply that quotes what it heard, and reports its turn end through
 * the same hook path a real harness uses (an event in the spool).
 */
public final class Sim {
    private final SimOptions options;
    private final InputStream in;
    private final PrintStream out;
    private final Spool spool;
    private final Optional<String> pane;
    private final Clock clock;
    private int replies;

    public Sim(
            SimOptions options, InputStream in, PrintStream out, StateDir state, Optional<String> pane, Clock clock) {
        this.options = options;
        this.in = in;
        this.out = out;
        this.spool = new Spool(state.spool());
        this.pane = pane;
        this.clock = clock;
    }

    /** Runs until input ends. */
    public void run() throws IOException, InterruptedException {
        out.print("\u001b[?2004h");
        out.print(options.name() + " is ready.\r\n> ");
        out.flush();
        InputReader reader = new InputReader(in, bytes -> {
            out.write(bytes, 0, bytes.length);
            out.flush();
        });
        String input;
        while ((input = reader.next()) != null) {
            out.print("\r\n");
            if (input.isBlank() || !options.replyWhen().matcher(input).find()) {
                out.print("> ");
                out.flush();
                continue;
            }
            out.print("(" + options.name() + " is thinking)\r\n");
            out.flush();
            think();
            String reply = reply(input);
            out.print(reply.replace("\n", "\r\n") + "\r\n> ");
            out.flush();
            if (pane.isPresent()) {
                spool.drop(new dev.gather.turn.HookEvent("sim", pane.get(), clock.instant(), json(reply)));
            }
        }
    }

    String reply(String input) {
        replies++;
        String heard = gist(input);
        String reply = options.name() + " heard \"" + heard + "\" (reply #" + replies + ")";
        if (options.passAfter() > 0 && replies % options.passAfter() == 0) {
            reply += ". I pass the piece.";
        }
        return reply;
    }

    /** The heard message without its attribution line, on one line, at most 60 characters. */
    static String gist(String input) {
        String body = input.strip();
        if (body.startsWith("[") && body.contains("):")) {
            body = body.substring(body.indexOf("):") + 2).strip();
        }
        body = body.replaceAll("\\s+", " ");
        return body.length() > 60 ? body.substring(0, 60) + "…" : body;
    }

    private void think() throws InterruptedException {
        // a harness takes time to answer; this is the simulated agent's own behaviour, not a wait for a condition
        if (!options.think().isZero()) {
            Thread.sleep(options.think().toMillis());
        }
    }

    private static String json(String text) {
        StringBuilder s = new StringBuilder("{\"last_message\":\"");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> s.append("\\\"");
                case '\\' -> s.append("\\\\");
                case '\n' -> s.append("\\n");
                case '\r' -> s.append("\\r");
                case '\t' -> s.append("\\t");
                default -> {
                    if (c < 0x20) {
                        s.append(String.format("\\u%04x", (int) c));
                    } else {
                        s.append(c);
                    }
                }
            }
        }
        return s.append("\"}").toString();
    }

    /** How a simulated agent behaves. */
    public record SimOptions(String name, Duration think, int passAfter, Pattern replyWhen) {
        public SimOptions {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("a simulated agent needs a name");
            }
            if (think.isNegative()) {
                throw new IllegalArgumentException("think time must not be negative");
            }
        }
    }
}
