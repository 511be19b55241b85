package dev.gather.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.daemon.Daemon;
import dev.gather.home.StateDir;
import dev.gather.home.Trees;
import dev.gather.journal.JournalTail;
import dev.gather.tmux.Tmux;
import dev.gather.tmux.TmuxConfig;
import dev.gather.tmux.Tmuxes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "demo", resourceBundle = "dev.gather.cli.help.demo", mixinStandardHelpOptions = true)
final class DemoCommand implements Callable<Integer> {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Option(names = "--rhythm", defaultValue = "minimal")
    String rhythm;

    @Option(names = "--keep")
    boolean keep;

    @Override
    public Integer call() throws Exception {
        String socket = "gather-demo-" + ProcessHandle.current().pid();
        Path home = Files.createTempDirectory("gather-demo-");
        StateDir state = new StateDir(home);
        Files.writeString(
                home.resolve("agents.yaml"),
                """
                # simulated agents for the demo. Ada answers her turn and passes to Cy by name; Bo thinks
                # long, lets his private beats come and gives his last words at the final beat; Cy
                # answers and passes the piece on; Hal writes the harvest. A line, not the message, starts
                # with the prompt: in digest hearing what was said since comes first, in the same message
                agents:
                  demo-ada: ["{gather}", sim, --name, "{name}", --think-ms, "1200", --pass-after, "1", --pass-to, Cy, --reply-when, "(?m)^The piece is now with {name} "]
                  demo-bo: ["{gather}", sim, --name, "{name}", --think-ms, "1500", --reply-when, "(?m)^(The piece is now with {name} |Your turn is up)"]
                  demo-cy: ["{gather}", sim, --name, "{name}", --think-ms, "1200", --pass-after, "1", --reply-when, "(?m)^The piece is now with {name} "]
                  demo-harvester: ["{gather}", sim, --name, "{name}", --think-ms, "1500", --reply-when, "you are the harvester"]
                """);
        Tmux tmux = Tmuxes.connect(TmuxConfig.socket(socket));
        Daemon daemon = Daemon.inProcess(state, tmux);
        try {
            ObjectNode start = JSON.createObjectNode()
                    .put("op", "start_gathering")
                    .put("rhythm", rhythm)
                    .put("beat_interval_seconds", 3)
                    .put("beats_per_turn", 2)
                    .put("grace_seconds", 3)
                    .put("question", "How should agents hand work to each other?");
            ArrayNode ps = start.putArray("participants");
            for (String name : new String[] {"Ada", "Bo", "Cy"}) {
                ps.addObject()
                        .put("name", name)
                        .put("role", "speaker")
                        .put("agent", "demo-" + name.toLowerCase(Locale.ROOT));
            }
            ps.addObject().put("name", "Hal").put("role", "harvester").put("agent", "demo-harvester");
            JsonNode started = JSON.readTree(daemon.answer(JSON.writeValueAsString(start)));
            if (!started.path("ok").asBoolean()) {
                System.err.println("gather demo: " + started.path("error").asText());
                return 1;
            }
            String id = started.path("gathering_id").asText();
            System.out.println("gather demo: gathering " + id + " (" + rhythm + " rhythm), members:");
            for (JsonNode m : started.path("members")) {
                System.out.println("  " + m.path("number").asInt() + ". "
                        + m.path("name").asText() + " [" + m.path("role").asText() + "] pane "
                        + m.path("pane").asText());
            }
            System.out.println(
                    "watch the panes live from another terminal:  tmux -L " + socket + " attach -t " + id + "-Ada");
            System.out.println("(private prompts are marked; only the holder of the piece is relayed)");
            boolean closed = new JournalTail(state.journals().resolve(id + ".jsonl"))
                    .follow(
                            e -> {
                                Live.line(e, to -> true).ifPresent(System.out::println);
                                System.out.flush();
                                return !e.path("kind").asText().equals("close");
                            },
                            Duration.ofSeconds(150));
            System.out.println();
            System.out.println(
                    closed ? "gather demo: the gathering closed." : "gather demo: stopped waiting after 150 s.");
            if (keep) {
                System.out.println("transcript:  GATHER_HOME=" + home + " gather transcript " + id);
            }
            return closed ? 0 : 1;
        } finally {
            // the server goes before the daemon: closing the daemon closes its tmux driver, after
            // which it could no longer kill the server, and the demo's agents would live on
            if (keep) {
                System.out.println(
                        "tmux server kept:  tmux -L " + socket + " ls   (stop it: tmux -L " + socket + " kill-server)");
            } else {
                tmux.killServer();
            }
            daemon.close();
            if (!keep) {
                // a demo leaves nothing behind unless asked to (--keep): its journals lived only for it
                deleteTree(home);
            }
        }
    }

    private static void deleteTree(Path root) {
        try {
            Trees.delete(root);
        } catch (IOException e) {
            System.err.println("gather demo: could not remove " + root + ": " + e.getMessage());
        }
    }
}
