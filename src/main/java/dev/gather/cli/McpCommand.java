package dev.gather.cli;

import dev.gather.bridge.McpBridge;
import dev.gather.client.DaemonClient;
import dev.gather.mcp.EndAwareInput;
import dev.gather.mcp.GatherServer;
import dev.gather.mcp.SocketDaemonCalls;
import io.modelcontextprotocol.server.McpSyncServer;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "mcp", resourceBundle = "dev.gather.cli.help.mcp", mixinStandardHelpOptions = true)
final class McpCommand implements Callable<Integer> {
    @CommandLine.Option(names = "--in-process", hidden = true)
    boolean inProcess;

    @Override
    public Integer call() throws Exception {
        if (!inProcess) {
            // a thin bridge: the daemon hosts the session (docs/mcp.md, docs/performance.md)
            int code = McpBridge.run(System.getenv());
            if (code != McpBridge.NOT_OFFERED) {
                return code;
            }
        }
        OutputStream protocol = new FileOutputStream(FileDescriptor.out);
        // stdout belongs to the protocol: anything else that prints by mistake lands on stderr.
        System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true, "UTF-8"));
        EndAwareInput in = new EndAwareInput(System.in);
        McpSyncServer server = GatherServer.start(in, protocol, new SocketDaemonCalls(DaemonClient.fromEnvironment()));
        in.awaitEnd();
        server.closeGracefully();
        return 0;
    }
}
