package dev.gather.agents;

import java.util.ArrayList;
import java.util.List;

/**
 * The environment a spawned agent starts in is a user's terminal, not a CI job's: a daemon started
 * from CI (and the tmux server it started) carries {@code CI=true}, and Gemini CLI then runs
 * headless, reads one prompt from stdin and exits instead of waiting in its pane.
 */
public final class UserTerminal {
    /**
     * Variables a harness reads as "no user here": Gemini CLI's isHeadlessMode (0.61) returns true
     * for {@code CI=true} or {@code GITHUB_ACTIONS=true}. Both only describe the CI job itself, so
     * an interactive agent loses nothing without them.
     */
    static final List<String> HEADLESS_SWITCHES = List.of("CI", "GITHUB_ACTIONS");

    private UserTerminal() {}

    /**
     * {@code command} run without the headless switches, whatever tmux's environment holds: tmux
     * can set a pane's variables but not remove the server's, so {@code env -u} does, then execs
     * the command itself (same process, so the pane's process is still the agent).
     */
    public static List<String> command(List<String> command) {
        if (command.isEmpty() || command.get(0).contains("=")) {
            // env would read a first word with '=' as an assignment; such a command is left as it is
            return command;
        }
        List<String> out = new ArrayList<>(List.of("env"));
        HEADLESS_SWITCHES.forEach(v -> out.addAll(List.of("-u", v)));
        out.addAll(command);
        return List.copyOf(out);
    }
}
