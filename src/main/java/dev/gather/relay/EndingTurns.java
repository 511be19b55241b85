package dev.gather.relay;

import dev.gather.link.Link;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The panes whose turn end the relay is handling now, from relaying its words to the post office
 * hearing of the end, and what waits for them: a gathering such a turn closed (a harvest) ends its
 * panes only after, so the turn that closed it is confirmed, never failed as if its pane went mid-turn.
 */
final class EndingTurns {
    /** One pane's turn ends being handled (a pane's hook and its settled screen may overlap), and what waits. */
    private static final class Ending {
        int handling;
        final List<Runnable> after = new ArrayList<>();
    }

    private final Map<String, Ending> ending = new HashMap<>();

    /** Handles {@code pane}'s turn end by {@code work}; what waits for it runs once that is done, on this thread. */
    <T> T during(String pane, Supplier<T> work) {
        synchronized (this) {
            ending.computeIfAbsent(pane, p -> new Ending()).handling++;
        }
        try {
            return work.get();
        } finally {
            end(pane);
        }
    }

    private void end(String pane) {
        List<Runnable> due;
        synchronized (this) {
            Ending e = ending.get(pane);
            if (e == null || --e.handling > 0) {
                return;
            }
            ending.remove(pane);
            due = e.after;
        }
        due.forEach(Runnable::run);
    }

    /** Runs {@code then} once no turn end of {@code link}'s members is being handled: at once when none is. */
    void after(Link link, Runnable then) {
        Set<String> panes = link.snapshot().members().stream()
                .flatMap(m -> m.pane().stream())
                .collect(Collectors.toSet());
        after(panes, then);
    }

    private void after(Set<String> panes, Runnable then) {
        synchronized (this) {
            for (String pane : panes) {
                Ending e = ending.get(pane);
                if (e != null) {
                    // another of them may be mid-end too: looked at again once this one is done
                    e.after.add(() -> after(panes, then));
                    return;
                }
            }
        }
        then.run();
    }
}
