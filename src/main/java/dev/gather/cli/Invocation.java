package dev.gather.cli;

import dev.gather.client.DaemonClient;
import dev.gather.home.StateDir;
import java.util.function.Supplier;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Whom a command runs for: the state directory and the daemon client of the process that typed it.
 * That is this process, or, for a command the daemon runs for a bridged client ({@link DaemonCli}),
 * that client's process; its output goes to the command line's own writers either way.
 */
record Invocation(StateDir state, Supplier<DaemonClient> client) {

    static Invocation fromEnvironment() {
        return new Invocation(StateDir.fromEnvironment(), DaemonClient::fromEnvironment);
    }

    /** A command line's root: whom its commands run for. */
    interface Holder {
        Invocation invocation();
    }

    /** The invocation a command of {@code spec}'s command line runs for. */
    static Invocation of(CommandSpec spec) {
        return ((Holder) spec.root().userObject()).invocation();
    }
}
