package dev.gather.journal;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import java.util.List;
import java.util.Map;

/** An entry about a link's or gathering's life: how it began, who came and went, how it ended. */
public sealed interface Lifecycle extends Entry {
    /** The link or gathering this is the journal of. */
    String link();

    /**
     * A member of a gathering's roster: {@code role} speaker, harvester or human; {@code pane} null
     * for a member without one.
     */
    record Seat(String name, int number, String role, @JsonInclude(Include.ALWAYS) String pane) {
        public Seat {
            Copies.required(name, "member name");
            Copies.required(role, "member role");
        }
    }

    /**
     * A gathering began: enough to rebuild it from its journal alone (rhythm, question, the options
     * given, roster, the sessions it spawned by pane, and the process each pane ran in {@code pane_pids}).
     */
    record Start(
            String link,
            String text,
            @JsonInclude(Include.NON_NULL) String starter,
            Map<String, String> spawned,
            String rhythm,
            String question,
            @JsonInclude(Include.NON_NULL) Integer beatsPerTurn,
            @JsonInclude(Include.NON_NULL) Long beatIntervalMs,
            @JsonInclude(Include.NON_NULL) Long graceMs,
            @JsonInclude(Include.NON_EMPTY) Map<String, String> cast,
            boolean keep,
            List<Seat> members,
            Map<String, Integer> panePids)
            implements Lifecycle {
        public Start {
            members = List.copyOf(members);
            spawned = Copies.map(spawned);
            cast = Copies.map(cast);
            panePids = Copies.map(panePids);
        }
    }

    /**
     * A direct link was made between two panes ({@code screen}: the recipient's turns are read from
     * its screen); enough to re-open it.
     */
    record Handshake(
            String link,
            String from,
            String to,
            String fromPane,
            String toPane,
            boolean screen,
            Map<String, Integer> panePids)
            implements Lifecycle {
        public Handshake {
            panePids = Copies.map(panePids);
        }

        @Override
        public String event() {
            return "join";
        }
    }

    /**
     * A member joined a running link or gathering: as a roster seat, plus the {@code agent} kind and
     * {@code session} gather spawned for it, and {@code pull} for a member without a pane.
     */
    record Join(
            String link,
            String name,
            int number,
            String role,
            @JsonInclude(Include.ALWAYS) String pane,
            @JsonInclude(Include.NON_NULL) String agent,
            @JsonInclude(Include.NON_NULL) String session,
            boolean pull,
            String text)
            implements Lifecycle {
        /** The joiner as a roster seat. */
        public Seat seat() {
            return new Seat(name, number, role, pane);
        }
    }

    /** Member {@code from} left the link (its pane ended, it left, it was not heard from). */
    record Left(String link, String from, String text) implements Lifecycle {
        @Override
        public String event() {
            return "leave";
        }
    }

    /** Member {@code from}, without a pane, has not heard for a while. */
    record Away(String link, String from, String text) implements Lifecycle {}

    /** A new daemon took the link or gathering up; a gathering's says in which {@code state} and turn. */
    record Resumed(
            String link,
            @JsonInclude(Include.NON_NULL) String state,
            @JsonInclude(Include.NON_NULL) Integer turn,
            String text)
            implements Lifecycle {}

    /** The daemon stopped before the link closed and a new one could not resume it; {@code text} says why. */
    record Interrupted(String link, String text) implements Lifecycle {}

    /** The link closed, for the reason in {@code text}; nothing more is said in it. */
    record Close(String link, String text) implements Lifecycle {}
}
