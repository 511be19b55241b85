package dev.gather.daemon;

import dev.gather.bridge.CliBridge;
import dev.gather.cli.DaemonCli;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A daemon on real tmux that serves the thin bridges, and a bridge started as its own process on
 * gather's own compiled classes alone (no picocli, Jackson or MCP SDK on its class path), outside
 * every pane: what the bridge tests share.
 */
abstract class BridgeCase {
    @RegisterExtension
    final Worlds worlds = Worlds.bare().stateIn("state");

    Path home;
    World world;

    @BeforeEach
    void bridges() {
        DaemonCli.serveBridges(world.daemon.dispatcher(), world.state);
    }

    /**
     * Starts bridge {@code main} with {@code args} in a JVM given {@code jvmOptions}, {@code env}
     * added to its environment; its stderr into {@code err}.
     */
    Process startBridge(List<String> jvmOptions, String main, List<String> args, Map<String, String> env, Path err)
            throws Exception {
        Path classes = Path.of(CliBridge.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", classes.toString(), main));
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(err.toFile());
        pb.environment().put("GATHER_HOME", world.state.root().toString());
        pb.environment().put("GATHER_TMUX_SOCKET", world.socket);
        pb.environment().remove("TMUX_PANE");
        pb.environment().remove("TMUX");
        pb.environment().remove("GATHER_PANE");
        pb.environment().putAll(env);
        return pb.start();
    }
}
