package dev.gather.sim;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gather.home.StateDir;
import dev.gather.turn.HookEvent;
import dev.gather.turn.Spool;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A simulated agent harness for tests, benchmarks and the demo: reads pasted input like a TUI,
 * answers with a deterministic reply that quotes what it heard, and reports its turn end through
 * the same hook path a real harness uses (an event in the spool).
 */
public final class Sim {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final SimOptions options;
    private final InputStream in;
    private final PrintStream out;
    private final Spool spool;
    private final StateDir state;
    private final Optional<String> pane;
    private final Clock clock;
    private final Replies replies;
    private final Replies harvest;
    private final TurnWatch turns;

    public Sim(
            SimOptions options, InputStream in, PrintStream out, StateDir state, Optional<String> pane, Clock clock) {
        this.options = options;
        this.in = in;
        this.out = out;
        this.spool = new Spool(state.spool());
        this.state = state;
        this.pane = pane;
        this.clock = clock;
        this.replies = new Replies(options.name(), options.passAfter(), options.passTo());
        // the harvester holds no piece: its harvest never ends in a pass
        this.harvest = new Replies(options.name(), 0, "");
        this.turns = new TurnWatch(state);
    }

    /** Runs until input ends (or the user quits with Ctrl-C, or Ctrl-D on an empty box). */
    public void run() throws IOException, InterruptedException {
        try (turns) {
            converse();
        }
    }

    private void converse() throws IOException, InterruptedException {
        Fake fake = options.fake();
        out.print("\u001b[?2004h");
        out.flush();
        if (!fake.readyAfter().isZero()) {
            // a harness still loading: draws nothing and drops what is typed meanwhile
            Thread.sleep(fake.readyAfter().toMillis());
            discardPendingInput();
        }
        // the session-start hook's event is dated before the ready line is drawn, so whoever sees the line
        // and sends at once sends after it: dated after a cold JVM's first JSON, it could come after such a
        // send, and a worker's start-up event was taken for its answer to a one-shot (OneShotReplyTest)
        String started = json("");
        Instant drawn = clock.instant();
        out.print(options.name() + " is ready.\r\n" + PROMPT);
        out.flush();
        if (pane.isPresent()) {
            // the session-start hook: says which harness runs here, and that it is ready
            turnEnded(started, drawn);
        }
        int[] swallowed = {0};
        InputReader reader = new InputReader(in, this::drawBox, sinceInput -> {
            if (swallowed[0] < fake.swallowEnters()) {
                swallowed[0]++;
                return InputReader.Key.IGNORE;
            }
            return sinceInput < fake.enterNewlineWithin().toNanos() ? InputReader.Key.NEWLINE : InputReader.Key.SUBMIT;
        });
        String input;
        while ((input = reader.next()) != null) {
            if (input.isBlank()) {
                drawBox("");
                continue;
            }
            // the box empties at once; the message moves into the history above it
            out.print("\r\u001b[2Kyou:\r\n  " + input.replace("\n", "\r\n  ") + "\r\n");
            log(input);
            boolean answer = options.replyWhen().matcher(input).find();
            String reply = "";
            if (answer) {
                out.print("(" + options.name() + " is thinking)\r\n");
                out.flush();
                think();
                // --answer: a model's answer as written, lines and shell metacharacters included
                reply = !options.answer().isEmpty()
                        ? options.answer()
                        : Manners.asksHarvest(input) ? harvest.to(input) : replies.to(input);
                out.print(reply.replace("\n", "\r\n") + "\r\n");
            }
            if (!fake.busy().isZero()) {
                out.print("(" + options.name() + " is busy and ignores input)\r\n");
                out.flush();
                Thread.sleep(fake.busy().toMillis());
                discardPendingInput();
            }
            out.print(PROMPT);
            out.flush();
            if (pane.isPresent()) {
                // every submitted input is a turn, answered or not, as for a real harness
                turnEnded(json(reply), clock.instant());
            }
        }
        out.print("\u001b[?2004l\r\n" + options.name() + " quits.\r\n");
        out.flush();
    }

    private static final String PROMPT = "> ";

    /**
     * Reports a turn end, dated when its prompt was {@code drawn} (or when reported, for a harness that
     * reports late): through the hook command, as a harness runs it, when the sim was given one;
     * otherwise dropped into the spool by this process, which holds the file until the daemon took it,
     * and, as the hook does, a daemon that ran here and is gone (now, or before it took the turn) comes
     * back to relay it.
     */
    private void turnEnded(String payload, Instant drawn) throws IOException, InterruptedException {
        Instant ended = drawn;
        if (!options.fake().reportAfter().isZero()) {
            // a harness runs its hook after it drew its prompt: the prompt shows before the report is made
            Thread.sleep(options.fake().reportAfter().toMillis());
            ended = clock.instant();
        }
        if (options.hook().isPresent()) {
            options.hook().get().run(payload);
            return;
        }
        Duration wait = FIRST_RETRY;
        boolean said = false;
        Path dropped;
        while (true) {
            try {
                dropped = spool.drop(HookEvent.fromThisProcess("sim", pane.get(), ended, payload));
                break;
            } catch (IOException e) {
                // a full disk: the turn waits here, and the ones after it behind it, until space returns;
                // leaving would close the link and drop every later turn
                if (!said) {
                    out.print("(" + options.name() + " cannot hand its turn over: " + e.getMessage()
                            + "; trying again)\r\n");
                    out.flush();
                    said = true;
                }
                Thread.sleep(wait.toMillis());
                wait = wait.multipliedBy(2).compareTo(LAST_RETRY) > 0 ? LAST_RETRY : wait.multipliedBy(2);
            }
        }
        if (said) {
            out.print("(" + options.name() + " handed its turn over)\r\n");
            out.flush();
        }
        turns.watch(dropped);
    }

    /** How soon a turn the spool could not take is tried again: doubling up to {@link #LAST_RETRY}. */
    private static final Duration FIRST_RETRY = Duration.ofMillis(200);

    private static final Duration LAST_RETRY = Duration.ofSeconds(2);

    /** The input box: one line, the first line of what is typed and how many more there are. */
    private void drawBox(String typed) {
        String[] lines = typed.split("\n", -1);
        String first = lines[0].length() > 100 ? lines[0].substring(0, 100) + "…" : lines[0];
        String more = lines.length > 1 ? " [+" + (lines.length - 1) + " lines]" : "";
        out.print("\r\u001b[2K" + PROMPT + first + more);
        out.flush();
    }

    private void discardPendingInput() throws IOException {
        int n;
        while ((n = in.available()) > 0) {
            in.skipNBytes(n);
        }
    }

    private void log(String input) throws IOException {
        if (options.fake().log().isPresent()) {
            Files.writeString(
                    options.fake().log().get(),
                    JSON.writeValueAsString(input) + "\n",
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        }
    }

    private void think() throws InterruptedException {
        // a harness takes time to answer; this is the simulated agent's own behaviour, not a wait for a condition
        if (!options.think().isZero()) {
            Thread.sleep(options.think().toMillis());
        }
    }

    /** The sim's hook payload, as its harness parser reads it. */
    private static String json(String lastMessage) throws IOException {
        return JSON.writeValueAsString(Map.of("last_message", lastMessage));
    }

    /**
     * Ways real harnesses lose input, reproduced on demand (all off by default).
     *
     * @param enterNewlineWithin an Enter this soon after other input is a newline, not a submit
     * @param busy after each turn, stay busy this long and drop whatever is typed meanwhile
     * @param readyAfter draw nothing and drop input for this long after starting
     * @param swallowEnters ignore this many first Enters
     * @param log append every submitted input (one JSON string per line) to this file
     * @param reportAfter report each turn's end (and the start) this long after drawing the prompt, reading
     *     nothing meanwhile, as a harness whose hook runs once its prompt is back
     */
    public record Fake(
            Duration enterNewlineWithin,
            Duration busy,
            Duration readyAfter,
            int swallowEnters,
            Optional<Path> log,
            Duration reportAfter) {
        public static final Fake NONE =
                new Fake(Duration.ZERO, Duration.ZERO, Duration.ZERO, 0, Optional.empty(), Duration.ZERO);
    }

    /** How a simulated agent behaves; {@code hook}: what its turn ends go through, run as a harness runs its hook. */
    public record SimOptions(
            String name,
            Duration think,
            int passAfter,
            Pattern replyWhen,
            Fake fake,
            String passTo,
            String answer,
            Optional<HookRunner> hook) {
        public SimOptions(String name, Duration think, int passAfter, Pattern replyWhen) {
            this(name, think, passAfter, replyWhen, Fake.NONE, "");
        }

        public SimOptions(String name, Duration think, int passAfter, Pattern replyWhen, Fake fake, String passTo) {
            this(name, think, passAfter, replyWhen, fake, passTo, "", Optional.empty());
        }

        public SimOptions(String name, Duration think, int passAfter, Pattern replyWhen, Fake fake) {
            this(name, think, passAfter, replyWhen, fake, "");
        }

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
