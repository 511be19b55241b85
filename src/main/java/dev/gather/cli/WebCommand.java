package dev.gather.cli;

import dev.gather.client.DaemonClient;
import dev.gather.home.StateDir;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.server.UserError;
import dev.gather.web.WebServer;
import java.net.BindException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gather web}: the live view of links and gatherings in a browser. */
@Command(name = "web", resourceBundle = "dev.gather.cli.help.web")
final class WebCommand implements Callable<Integer> {
    @Option(names = "--port", defaultValue = "0")
    int port;

    @Override
    public Integer call() throws Exception {
        StateDir state = StateDir.fromEnvironment();
        // the web page is a person at a browser, not a member's pane: it speaks as the human member
        DaemonClient client = new DaemonClient(state, Optional.empty());
        client.call(client.request("hello"));
        RhythmLibrary rhythms = new RhythmLibrary(List.of(state.root().resolve("rhythms")));
        WebServer started;
        try {
            started = WebServer.start(client, rhythms, port);
        } catch (BindException e) {
            throw new UserError("web: port " + port + " on 127.0.0.1 is taken (" + e.getMessage()
                    + "); choose another with --port, or leave --port out for any free one");
        }
        try (WebServer server = started) {
            System.out.println("gather web: open " + server.url());
            System.out.println("(only this address carries the token; Ctrl-C stops the server)");
            System.out.flush();
            new CountDownLatch(1).await();
        }
        return 0;
    }
}
