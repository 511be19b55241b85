package dev.gather.gathering;

import dev.gather.journal.Announcement;
import dev.gather.journal.Counters;
import dev.gather.journal.Prompt;
import dev.gather.link.Member;
import java.util.List;
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
    record Inject(Member to, Prompt kind, String text) implements Effect {}

    /**
     * A line for everyone (phase, turn change, member left, closing); {@code about} names the member it
     * concerns (the new holder of the piece, the one who left), for the journal's readers.
     */
    record Announce(
            Announcement kind, String text, Optional<Member> about, Optional<Counters> counters, List<Member> held)
            implements Effect {
        /**
         * {@code counters}: where a turn stands, which the journal keeps beside its announcement;
         * {@code held}: those it is kept for until their own turn (digest hearing), not typed now.
         */
        public Announce {
            held = List.copyOf(held);
        }

        public Announce(Announcement kind, String text, Optional<Member> about, Optional<Counters> counters) {
            this(kind, text, about, counters, List.of());
        }

        public Announce(Announcement kind, String text, Optional<Member> about) {
            this(kind, text, about, Optional.empty());
        }

        /** The same announcement, kept for {@code held} until their own turn. */
        Announce heldFor(List<Member> held) {
            return new Announce(kind, text, about, counters, held);
        }

        public Announce(Announcement kind, String text) {
            this(kind, text, Optional.empty());
        }
    }

    /** Words from a member without the piece: journalled, never relayed. */
    record OutOfTurn(Member from, String text) implements Effect {}

    /** Words of a member whose turn had already moved on while it was mid-turn: journalled as late, never relayed. */
    record Late(Member from, String text) implements Effect {}

    /** Something worth a journal line that nobody is told (who took or passed the piece by command). */
    record Note(Note.Kind kind, String text) implements Effect {
        /** The piece moved by command: its holder passed it, or an operator took it. */
        public enum Kind {
            PASS,
            TAKE
        }
    }

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
