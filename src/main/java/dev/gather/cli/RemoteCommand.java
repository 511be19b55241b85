package dev.gather.cli;

import dev.gather.home.StateDir;
import dev.gather.transport.RemoteKey;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code gather remote pair}: the shared key that lets this computer's daemon trust another's envelopes. */
@Command(
        name = "remote",
        description = {
            "Pair computers whose daemons share links through Redis. Every envelope between them is signed"
                    + " with a key they hold in common ($GATHER_HOME/remote.key); anything else is refused and"
                    + " journalled.",
            "On the first computer, 'gather remote pair' makes the key and prints it as one line; on each other"
                    + " computer, 'gather remote pair <that line>' stores it. Restart the daemons after a change"
                    + " (gather daemon --stop). To revoke a computer, run 'gather remote pair --new' and pair the"
                    + " others again.",
            "",
            "Example:  gather remote pair",
        },
        subcommands = {RemoteCommand.Pair.class})
final class RemoteCommand implements Runnable {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    @Command(
            name = "pair",
            description = {
                "Make (or show) this computer's remote key, or store the one another computer printed.",
                "",
                "Example:  gather remote pair",
            })
    static final class Pair implements Callable<Integer> {
        @Parameters(arity = "0..1", paramLabel = "KEY", description = "The line 'gather remote pair' printed elsewhere")
        String token;

        @Option(names = "--new", description = "Replace the key with a new one: computers not paired again are cut off")
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
