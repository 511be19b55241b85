package dev.gather.gathering;

import dev.gather.link.Member;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the ceremony asks the world to do. The machine only emits these; one runner outside executes
 * them (typing into panes, journalling), so the machine is tested without tmux.
 */
public sealed interface Effect {
    /**
     * The holder's words go to everyone else, attributed; {@code held}: those they are kept for until
     * their own turn (digest hearing), typed to them then, with it, instead of now.
     */
    record Relay(Member from, String text, List<Member> held) implements Effect {
        public Relay {
            held = List.copyOf(held);
        }

        public Relay(Member from, String text) {
            this(from, text, List.of());
        }
    }

    /**
     * The holder's words in a private phase: heard by {@code to} alone (the harvester), attributed,
     * and kept for the phase's reveal.
     */
    record Confide(Member from, String text, List<Member> to, List<Member> held) implements Effect {
        /** {@code held}: those of {@code to} it is kept for until their own prompt (digest hearing). */
        public Confide {
            to = List.copyOf(to);
            held = List.copyOf(held);
        }

        public Confide(Member from, String text, List<Member> to) {
            this(from, text, to, List.of());
        }
    }

    /** A private prompt to one member (seed, beat, final beat, reminder, harvest signal). */
    record Inject(Member to, String kind, String text) implements Effect {}

    /**
     * A line for everyone (phase, turn change, member left, closing); {@code about} names the member it
     * concerns (the new holder of the piece, the one who left), for the journal's readers.
     */
    record Announce(String kind, String text, Optional<Member> about, Map<String, Integer> marks, List<Member> held)
            implements Effect {
        /**
         * {@code marks} are counters the journal keeps beside the text (a turn's phase, round and
         * number), so a restarted daemon reads where the gathering was instead of parsing prose;
         * {@code held}: those it is kept for until their own turn (digest hearing), not typed now.
         */
        public Announce {
            marks = Map.copyOf(marks);
            held = List.copyOf(held);
        }

        public Announce(String kind, String text, Optional<Member> about, Map<String, Integer> marks) {
            this(kind, text, about, marks, List.of());
        }

        public Announce(String kind, String text, Optional<Member> about) {
            this(kind, text, about, Map.of());
        }

        /** The same announcement, kept for {@code held} until their own turn. */
        Announce heldFor(List<Member> held) {
            return new Announce(kind, text, about, marks, held);
        }

        public Announce(String kind, String text) {
            this(kind, text, Optional.empty());
        }
    }

    /** Words from a member without the piece: journalled, never relayed. */
    record OutOfTurn(Member from, String text) implements Effect {}

    /** Words of a member whose turn had already moved on while it was mid-turn: journalled as late, never relayed. */
    record Late(Member from, String text) implements Effect {}

    /** Something worth a journal line that nobody is told (who took or passed the piece by command). */
    record Note(String kind, String text) implements Effect {}

    /** The harvest text, to be kept beside the journal. */
    record HarvestStored(Member by, String text) implements Effect {}

    /** The gathering is over. */
    record Closed(String reason, boolean atOnce) implements Effect {
        /** Closed once what was sent before reached its members (bounded); {@code atOnce}: without waiting. */
        public Closed(String reason) {
            this(reason, false);
        }
    }
}
