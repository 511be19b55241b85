package dev.gather.cli;

import dev.gather.client.DaemonClient;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * {@code --pane %A}: act for a pane from outside it (a script, a shell outside tmux). A process
 * inside a pane always acts for that pane; this is how anything else says explicitly which one,
 * and the journal records it as acting on behalf of that pane.
 */
final class PaneOption {
    @Option(names = "--pane", paramLabel = "%ID")
    String pane;

    DaemonClient client() {
        return client(DaemonClient.fromEnvironment());
    }

    /** {@code c}, acting for the pane given with {@code --pane} when there is one. */
    DaemonClient client(DaemonClient c) {
        return Optional.ofNullable(pane).map(c::onBehalfOf).orElse(c);
    }
}
