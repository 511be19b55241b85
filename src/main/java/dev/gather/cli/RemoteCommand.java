package dev.gather.cli;

import dev.gather.home.StateDir;
import dev.gather.transport.RemoteKey;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code gather remote pair}: the shared key that lets this computer's daemon trust another's envelopes. */
@Command(
        name = "remote",
        resourceBundle = "dev.gather.cli.help.remote",
        subcommands = {RemoteCommand.Pair.class})
final class RemoteCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    @Command(name = "pair", resourceBundle = "dev.gather.cli.help.remote-pair")
    static final class Pair implements Callable<Integer> {
        @Parameters(arity = "0..1", paramLabel = "KEY", descriptionKey = "key")
        String token;

        @Option(names = "--new")
        boolean fresh;

        @Override
        public Integer call() throws Exception {
            StateDir state = StateDir.fromEnvironment();
            Optional<RemoteKey> existing = RemoteKey.load(state.root());
            RemoteKey key;
            if (token != null) {
                key = RemoteKey.fromToken(token);
                key.save(state.root());
                System.out.println("stored the remote key in " + state.root().resolve(RemoteKey.FILE)
                        + "; restart the daemon (gather daemon --stop) to use it");
                return 0;
            }
            if (existing.isPresent() && !fresh) {
                key = existing.get();
            } else {
                key = RemoteKey.generate();
                key.save(state.root());
                System.err.println("made a new remote key in " + state.root().resolve(RemoteKey.FILE));
            }
            System.err.println("on each other computer, run (keep this line secret):");
            System.out.println("gather remote pair " + key.token());
            return 0;
        }
    }
}
