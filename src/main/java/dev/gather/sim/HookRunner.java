package dev.gather.sim;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Runs a turn-end hook command as a real harness does (Claude Code's Stop hook, Gemini's AfterAgent):
 * the event as JSON on stdin, waited for up to {@code timeout}, then sent SIGTERM and no longer waited
 * for. What the hook prints goes nowhere, as a harness shows it nowhere a model reads.
 */
public record HookRunner(List<String> command, Duration timeout) {
    public HookRunner {
        command = List.copyOf(command);
        if (command.isEmpty()) {
            throw new IllegalArgumentException("a hook needs a command");
        }
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("a hook's timeout must be positive (was " + timeout + ")");
        }
    }

    /** Hands {@code payload} to the hook; false when the hook failed or outlived its timeout. */
    public boolean run(String payload) throws IOException, InterruptedException {
        Process hook = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try (OutputStream in = hook.getOutputStream()) {
            in.write(payload.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // a hook that does not read its event: the harness goes on all the same
        }
        if (!hook.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            hook.destroy(); // SIGTERM to the hook alone, as Gemini CLI does at its hook timeout
            return false;
        }
        return hook.exitValue() == 0;
    }
}
