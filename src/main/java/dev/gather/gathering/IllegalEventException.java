package dev.gather.gathering;

import java.util.List;

/** An event the gathering's current state does not accept; carries the recent transitions. */
public final class IllegalEventException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    private final transient List<String> history;

    IllegalEventException(String gathering, String event, String state, List<String> history) {
        super("gathering " + gathering + " cannot take " + event + " in state " + state + "; last transitions: "
                + (history.isEmpty() ? "(none)" : String.join(", ", history)));
        this.history = List.copyOf(history);
    }

    public List<String> history() {
        return history;
    }
}
