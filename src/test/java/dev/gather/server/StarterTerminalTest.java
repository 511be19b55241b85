package dev.gather.server;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.tmux.Pane;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A person who typed gather start in a shell outside every pane ends the gathering from that shell:
 * the kernel's controlling terminal of the calling process is the starter's. Another terminal, a
 * process detached from a pane, or an agent in a pane that is no member still needs a member, the
 * human member's name or --operator.
 */
class StarterTerminalTest {
    private static final long SHELL_TTY = 34816;
    private static final Acting.Circle CIRCLE = new Acting.Circle(
            "g-1",
            List.of(new Acting.Holder("Ada", Optional.of("%1")), new Acting.Holder("Bo", Optional.of("%2"))),
            List.of(),
            Optional.of(Acting.starter(SHELL_TTY)));

    private static final Acting ACTING = new Acting(
            new Acting.View() {
                @Override
                public List<Acting.Holder> names() {
                    return CIRCLE.members();
                }

                @Override
                public Optional<Acting.Circle> gathering(Request r) {
                    return Optional.of(CIRCLE);
                }
            },
            r -> {});

    private static Request end(Optional<String> pane) {
        ObjectNode args = Dispatcher.JSON.createObjectNode().put("gathering", "g-1");
        return new Request("end_gathering", null, pane, args);
    }

    @Test
    void theStartersTerminalEndsItAndNoOtherCaller() {
        assertDoesNotThrow(() -> ACTING.check(end(Optional.empty()).atTerminal(SHELL_TTY)));
        UserError other = assertThrows(
                UserError.class, () -> ACTING.check(end(Optional.empty()).atTerminal(7)));
        assertTrue(other.getMessage().contains("another terminal than the starter's"), other.getMessage());
        assertThrows(UserError.class, () -> ACTING.check(end(Optional.empty())), "a process with no terminal");
        assertThrows(UserError.class, () -> ACTING.check(end(Optional.of("%9"))), "an agent in a pane of no member");
        assertDoesNotThrow(() -> ACTING.check(end(Optional.of("%2"))), "a member");
    }

    @Test
    void aGatheringWithNoStarterIsEndedByNoTerminal() {
        Acting.Circle started = new Acting.Circle("g-2", CIRCLE.members(), List.of(), Optional.empty());
        Acting acting = new Acting(
                new Acting.View() {
                    @Override
                    public List<Acting.Holder> names() {
                        return started.members();
                    }

                    @Override
                    public Optional<Acting.Circle> gathering(Request r) {
                        return Optional.of(started);
                    }
                },
                r -> {});
        // started inside the daemon (the demo) or by a process with no terminal: no one's shell
        assertThrows(UserError.class, () -> acting.check(end(Optional.empty())));
        assertThrows(UserError.class, () -> acting.check(end(Optional.empty()).atTerminal(SHELL_TTY)));
    }

    @Test
    void onlyAProcessOutsideEveryPaneIsAtATerminal() {
        // process 100 runs in shell 90, outside tmux; process 200 runs under pane %1's shell (pid 50)
        Callers callers = new Callers(
                () -> List.of(new Pane("%1", "Ada", 50, "bash", false)),
                pid -> pid == 100 ? List.of(100L, 90L) : List.of(200L, 50L),
                (pid, name) -> Optional.empty(),
                pid -> Optional.of(pid == 100 ? SHELL_TTY : 1234L),
                pid -> Set.of());
        Request outside = callers.identify(new Peer(100), end(Optional.empty()), Optional.empty());
        assertEquals(Optional.of(SHELL_TTY), outside.terminal());
        Request inPane = callers.identify(new Peer(200), end(Optional.empty()), Optional.empty());
        assertEquals(Optional.of("%1"), inPane.callerPane());
        assertEquals(Optional.empty(), inPane.terminal(), "an agent in a pane is its pane, never a terminal");
    }
}
