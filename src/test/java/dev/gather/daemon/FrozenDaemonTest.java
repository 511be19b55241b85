package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import dev.gather.client.DaemonPid;
import dev.gather.home.StateDir;
import dev.gather.mcp.RawMcp;
import dev.gather.testing.Beside;
import dev.gather.testing.Freezer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A frozen daemon (SIGSTOP: it still accepts connections, it answers nobody) hangs no client: every
 * command that asks it, a bridged MCP call and the hook answer within their deadline, the commands
 * saying which process does not answer and what ends it; {@code gather daemon --stop} ends it.
 * ({@code watch} reads the journal itself and never waits on the daemon.)
 */
@Beside
class FrozenDaemonTest {
    /** Two probes of the client's patience, the JVM's start and a loaded machine's slack. */
    private static final Duration DEADLINE = Duration.ofSeconds(40);

    @TempDir
    Path home;

    private final String tmuxSocket = "gather-test-" + UUID.randomUUID();
    private long pid;

    @AfterEach
    void cleanUp() throws Exception {
        if (pid > 0) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
        World.tmux(tmuxSocket, "kill-server");
    }

    @Test
    void everyCommandAnswersWithinItsDeadlineAndStopEndsTheFrozenDaemon() throws Exception {
        assertEquals(0, run("status").code(), "a daemon runs");
        pid = DaemonPid.living(new StateDir(home)).orElseThrow();
        try (RawMcp mcp = new RawMcp(home, home, tmuxSocket)) {
            mcp.initialize();
            Freezer.freeze(pid);

            Map<String, Process> commands = new LinkedHashMap<>();
            for (List<String> args : List.of(
                    List.of("status"),
                    List.of("links"),
                    List.of("send", "--to", "Bo", "--as", "Tester", "hello"),
                    List.of("say", "g-none", "my", "words"),
                    List.of("pass", "--as", "Tester", "--gathering", "g-none"),
                    List.of("events", "--follow"),
                    List.of("end", "g-none"))) {
                commands.put(
                        String.join(" ", args), Cli.start(home, Optional.of(tmuxSocket), args.toArray(String[]::new)));
            }
            // the quick commands as bin/gather runs them: through the bridge the daemon serves
            for (String c : List.of("status", "transcript", "send")) {
                commands.put("bridged " + c, bridged(c));
            }
            // the hook waits for the daemon up to its patience (a few seconds here), then leaves its turn to its holder
            Process hook =
                    Cli.startWith(Map.of("GATHER_HOOK_PATIENCE", "5"), home, Optional.of(tmuxSocket), "hook", "sim");
            mcp.send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\"}");

            JsonNode call = mcp.answerTo(IntNode.valueOf(7), DEADLINE);
            assertNotNull(call, "the MCP call was answered");
            assertTrue(
                    call.path("error").path("message").asText().contains("(pid " + pid + ") is not answering"),
                    call.toString());
            assertTrue(hook.waitFor(DEADLINE.toSeconds(), TimeUnit.SECONDS), "the hook never waits on the daemon");
            String hookSaid = new String(hook.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, hook.exitValue(), "the hook never fails the agent for a turn it keeps: " + hookSaid);
            assertTrue(hookSaid.contains("kept until the daemon does"), hookSaid);
            List<String> late = new ArrayList<>();
            await().atMost(DEADLINE).until(() -> commands.values().stream().noneMatch(Process::isAlive));
            for (var c : commands.entrySet()) {
                String out = new String(c.getValue().getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                        + new String(c.getValue().getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
                if (c.getValue().exitValue() == 0
                        || !out.contains(
                                "the daemon (pid " + pid + ") is not answering; `gather daemon --stop` ends it")) {
                    late.add(c.getKey() + " (exit " + c.getValue().exitValue() + "): " + out);
                }
                assertFalse(out.contains("Exception"), out);
            }
            assertEquals(List.of(), late, "every command says the daemon is not answering and fails");

            Cli.Result stop = run("daemon", "--stop");
            assertEquals(0, stop.code(), stop.out());
            assertTrue(stop.out().contains("(pid " + pid + ") was not answering; ended it"), stop.out());
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true));

            // the session goes on: the next call brings up a new daemon
            mcp.send("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/list\"}");
            JsonNode after = mcp.answerTo(IntNode.valueOf(8), Duration.ofSeconds(90));
            assertNotNull(after, () -> "no answer after the stop; stderr: " + stderrOf(mcp));
            assertTrue(after.path("result").path("tools").size() > 5, after.toString());
            assertNotEquals(pid, DaemonPid.living(new StateDir(home)).orElseThrow());
            assertEquals(List.of(), mcp.notProtocol(), "nothing but JSON-RPC on stdout");
            RawMcp.stopDaemon(home, tmuxSocket, false);
        }
    }

    private Process bridged(String command) throws Exception {
        return Cli.startBridged(home, tmuxSocket, ProcessBuilder.Redirect.PIPE, command);
    }

    private static String stderrOf(RawMcp mcp) {
        try {
            return mcp.stderr();
        } catch (IOException e) {
            return e.toString();
        }
    }

    private Cli.Result run(String... args) throws Exception {
        return Cli.run(home, Optional.of(tmuxSocket), args);
    }
}
