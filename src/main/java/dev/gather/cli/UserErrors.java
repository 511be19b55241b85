package dev.gather.cli;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/** Turns any exception escaping a command into one readable line on stderr and exit code 1. */
final class UserErrors implements CommandLine.IExecutionExceptionHandler {
    private static final Logger log = LoggerFactory.getLogger(UserErrors.class);

    @Override
    public int handleExecutionException(Exception e, CommandLine cli, CommandLine.ParseResult parsed) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        cli.getErr().println("gather: " + message);
        log.debug("command failed", e);
        return 1;
    }
}
