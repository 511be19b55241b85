package dev.gather.sim;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * Puts the controlling terminal into non-canonical, no-echo mode (so a long paste is not cut at the
 * line-discipline limit and the sim shows input itself) and restores it on close.
 */
final class RawTerminal implements AutoCloseable {
    private final String saved;

    private RawTerminal(String saved) {
        this.saved = saved;
    }

    static RawTerminal enter() throws IOException {
        String saved = stty("-g").strip();
        stty("-icanon", "-echo", "min", "1", "time", "0");
        return new RawTerminal(saved);
    }

    private static String stty(String... args) throws IOException {
        String[] command = new String[args.length + 1];
        command[0] = "stty";
        System.arraycopy(args, 0, command, 1, args.length);
        Process p = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.INHERIT)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(5, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException("stdin is not a terminal (stty " + String.join(" ", args) + " failed)");
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while setting up the terminal", e);
        }
    }

    @Override
    public void close() throws IOException {
        stty(saved);
    }
}
