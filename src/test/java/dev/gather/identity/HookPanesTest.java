package dev.gather.identity;

import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.gather.tmux.Pane;
import dev.gather.tmux.TmuxException;
import dev.gather.turn.HookEvent;
import dev.gather.turn.PanesUnavailable;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class HookPanesTest {
    /** A tmux that gives no answer in time (a daemon stopped and resumed past its deadline). */
    private final Supplier<List<Pane>> slowTmux = () -> {
        throw new TmuxException(TmuxException.Kind.TIMED_OUT, "tmux list-panes gave no answer in 10s");
    };

    private final HookPanes panes = new HookPanes(slowTmux, new LearnedPanes(), HookPanes.NO_SESSION_IDS, pid -> true);

    @Test
    void aTmuxThatGivesNoAnswerMakesTheEventWaitRatherThanFailTheWatcher() {
        HookEvent event =
                new HookEvent("codex", "%1", Instant.EPOCH, "{}", new HookEvent.Origin.Process(List.of(4242L)));
        assertThrows(PanesUnavailable.class, () -> panes.resolve(event));
        assertThrows(PanesUnavailable.class, () -> panes.reportsForOthers(event, "%1"));
    }
}
