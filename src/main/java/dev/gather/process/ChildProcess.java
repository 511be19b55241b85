package dev.gather.process;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs a child process to its end with a deadline that fires: its output and errors are read, and its
 * input written, on threads of the call's own (named after the program, ended with the process), so a
 * child that never closes its output cannot hold the caller past {@code within}. Reading the output
 * first and only then waiting, as a plain {@code readAllBytes()} then {@code waitFor(timeout)} does,
 * waits as long as the child keeps its pipe open: forever for a hung one.
 *
 * <p>A stream is closed only by its own reader, at its end. Closing it from another thread would not
 * end a read in progress (Linux does not wake a {@code read} whose descriptor is closed), and a reader
 * between two reads could then read the same descriptor number after a file opened meanwhile took it: a
 * pipe of another child's, even the JDK's spawn helper's. So a reader that a grandchild's open pipe
 * holds past the call ends when that grandchild closes it.
 */
public final class ChildProcess {
    /** How long the readers may take after the child ended: a grandchild may hold the pipe open. */
    private static final Duration DRAIN = Duration.ofSeconds(1);

    private ChildProcess() {}

    /** How a child ended within its deadline: its exit code and what it wrote to its output and errors. */
    public record Exit(int code, String out, String err) {}

    /**
     * Starts {@code builder}, writes {@code stdin} (none when null; the child's input is closed either
     * way) and waits up to {@code within}; empty when the child did not end by then (it is killed).
     */
    public static Optional<Exit> run(ProcessBuilder builder, byte[] stdin, Duration within)
            throws IOException, InterruptedException {
        Process p = builder.start();
        String name = "gather-child-" + program(builder.command());
        Drain out = Drain.start(p.getInputStream(), name + "-out");
        Drain err = Drain.start(p.getErrorStream(), name + "-err");
        Thread in = feed(p.getOutputStream(), stdin, name + "-in");
        try {
            if (!p.waitFor(within.toMillis(), TimeUnit.MILLISECONDS)) {
                return Optional.empty();
            }
            return Optional.of(new Exit(p.exitValue(), out.text(), err.text()));
        } finally {
            if (p.isAlive()) {
                p.destroyForcibly();
            }
            in.interrupt();
        }
    }

    private static String program(List<String> command) {
        if (command.isEmpty()) {
            return "process";
        }
        Path file = Path.of(command.get(0)).getFileName();
        return file == null ? command.get(0) : file.toString();
    }

    private static Thread feed(OutputStream sink, byte[] stdin, String name) {
        Thread t = new Thread(
                () -> {
                    try (sink) {
                        if (stdin != null) {
                            sink.write(stdin);
                        }
                    } catch (IOException e) {
                        // the child ended or closed its input: what it did not read it did not want
                    }
                },
                name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** One stream read to its end on a thread of its own. */
    private static final class Drain {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final InputStream in;
        private final Thread thread;

        private Drain(InputStream in, String name) {
            this.in = in;
            this.thread = new Thread(this::read, name);
            this.thread.setDaemon(true);
        }

        static Drain start(InputStream in, String name) {
            Drain d = new Drain(in, name);
            d.thread.start();
            return d;
        }

        private void read() {
            byte[] chunk = new byte[8192];
            try (in) {
                int n;
                while ((n = in.read(chunk)) >= 0) {
                    synchronized (bytes) {
                        bytes.write(chunk, 0, n);
                    }
                }
            } catch (IOException e) {
                // a failed read: what was read so far is what the child said
            }
        }

        /** What was read once the stream ended, or after {@link #DRAIN} when something else still holds it. */
        String text() throws InterruptedException {
            thread.join(DRAIN.toMillis());
            synchronized (bytes) {
                return bytes.toString(StandardCharsets.UTF_8);
            }
        }
    }
}
