package dev.gather.journal;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import java.util.List;
import java.util.Map;

/**
 * An entry that is also typed to members: journalled (forced) before it goes out, naming each
 * recipient's pane in {@code panes} and the profile of those typed with one other than generic in
 * {@code profiles}, so a restarted daemon types what is still queued into the right pane, the right way.
 */
public sealed interface Message extends Entry {
    /** The words (for relayed words, without their attribution). */
    String text();

    /** Each recipient's pane, by member name. */
    Map<String, String> panes();

    /** The profile each recipient was typed with, by name, where not generic (absent from the line when none is). */
    Map<String, String> profiles();

    /** This message naming {@code panes} and {@code profiles} as its recipients'. */
    Message addressed(Map<String, String> panes, Map<String, String> profiles);

    /** A member's words relayed to the others of a link ({@code voice} private: to the harvester alone). */
    record Relay(
            String link,
            String from,
            @JsonInclude(Include.NON_DEFAULT) boolean sent,
            int fromNumber,
            @JsonInclude(Include.NON_NULL) String voice,
            List<String> to,
            @JsonInclude(Include.NON_EMPTY) List<String> held,
            String text,
            Map<String, String> panes,
            @JsonInclude(Include.NON_EMPTY) Map<String, String> profiles)
            implements Message {
        /**
         * {@code sent}: by {@code send}, not a turn (no turn budget); {@code voice}: null or private;
         * {@code held}: members it is kept for until their own prompt (digest hearing), typed to them
         * then instead of now.
         */
        public Relay {
            // relays from before numbers were journalled were typed as member 1
            fromNumber = fromNumber < 1 ? 1 : fromNumber;
            to = Copies.list(to);
            held = Copies.list(held);
            panes = Copies.map(panes);
            profiles = Copies.map(profiles);
        }

        /** Words not yet addressed: {@link Message#addressed} names the panes. */
        public Relay(
                String link,
                String from,
                boolean sent,
                int fromNumber,
                String voice,
                List<String> to,
                List<String> held,
                String text) {
            this(link, from, sent, fromNumber, voice, to, held, text, Map.of(), null);
        }

        @JsonIgnore
        public boolean confided() {
            return "private".equals(voice);
        }

        @Override
        public Relay addressed(Map<String, String> panes, Map<String, String> profiles) {
            return new Relay(link, from, sent, fromNumber, voice, to, held, text, panes, profiles);
        }
    }

    /**
     * A line for everyone of a link; {@code prompt} names which, {@code member} whom it concerns, and a turn's announcement keeps its
     * {@code phase}, {@code round} and {@code turn} counters beside the words (a round's announcement,
     * those of the turn it begins).
     */
    record Announce(
            Announcement prompt,
            String link,
            String text,
            @JsonInclude(Include.NON_NULL) String member,
            @JsonInclude(Include.NON_NULL) Integer phase,
            @JsonInclude(Include.NON_NULL) Integer round,
            @JsonInclude(Include.NON_NULL) Integer turn,
            @JsonInclude(Include.NON_EMPTY) List<String> held,
            Map<String, String> panes,
            @JsonInclude(Include.NON_EMPTY) Map<String, String> profiles)
            implements Message {
        /** {@code held}: members it is kept for until their own prompt (digest hearing), not typed now. */
        public Announce {
            held = Copies.list(held);
            panes = Copies.map(panes);
            profiles = Copies.map(profiles);
        }

        @Override
        public String event() {
            return switch (prompt) {
                case TURN -> "piece";
                case PHASE, CLOSING -> prompt.word();
                case LEFT -> "leave";
                case JOINED, REVEAL, BUDGET_EXHAUSTED -> "announce";
            };
        }

        @Override
        public Announce addressed(Map<String, String> panes, Map<String, String> profiles) {
            return new Announce(prompt, link, text, member, phase, round, turn, held, panes, profiles);
        }
    }

    /** A prompt to one member alone. */
    record Private(
            String link,
            Prompt prompt,
            String to,
            String text,
            Map<String, String> panes,
            @JsonInclude(Include.NON_EMPTY) Map<String, String> profiles)
            implements Message {
        public Private {
            panes = Copies.map(panes);
            profiles = Copies.map(profiles);
        }

        @Override
        public String event() {
            return switch (prompt) {
                case BEAT, FINAL_BEAT -> "beat";
                case SEED -> "seed";
                case PART, REMINDER, HARVEST, TURN, DIGEST -> "private";
            };
        }

        @Override
        public Private addressed(Map<String, String> panes, Map<String, String> profiles) {
            return new Private(link, prompt, to, text, panes, profiles);
        }
    }

    /** Words for members no longer in a link (after it closed). */
    record Notice(
            String link,
            String text,
            Map<String, String> panes,
            @JsonInclude(Include.NON_EMPTY) Map<String, String> profiles)
            implements Message {
        public Notice {
            panes = Copies.map(panes);
            profiles = Copies.map(profiles);
        }

        @Override
        public Notice addressed(Map<String, String> panes, Map<String, String> profiles) {
            return new Notice(link, text, panes, profiles);
        }
    }

    /**
     * A one-shot {@code send}: in the one-shot journal with its {@code reply} mode (expected, off,
     * none: …) and who sent it for a pane ({@code on_behalf_of}, {@code by}); its copy in a gathering's
     * journal names the {@code link} and is typed to nobody.
     */
    record Oneshot(
            @JsonInclude(Include.NON_NULL) String link,
            String from,
            String to,
            String text,
            @JsonInclude(Include.NON_NULL) String reply,
            @JsonInclude(Include.NON_NULL) String onBehalfOf,
            @JsonInclude(Include.NON_NULL) String by,
            @JsonInclude(Include.NON_EMPTY) Map<String, String> panes,
            @JsonInclude(Include.NON_EMPTY) Map<String, String> profiles)
            implements Message {
        public Oneshot {
            panes = Copies.map(panes);
            profiles = Copies.map(profiles);
        }

        @Override
        public String event() {
            return "send";
        }

        @Override
        public Oneshot addressed(Map<String, String> panes, Map<String, String> profiles) {
            return new Oneshot(link, from, to, text, reply, onBehalfOf, by, panes, profiles);
        }
    }

    /**
     * A worker's reply to a one-shot ({@code reply_to}: the request's entry number); {@code
     * delivered_by} says why it is typed to nobody (a link the two share relayed it already).
     */
    record Reply(
            String from,
            String to,
            long replyTo,
            String text,
            @JsonInclude(Include.NON_NULL) String deliveredBy,
            Map<String, String> panes,
            @JsonInclude(Include.NON_EMPTY) Map<String, String> profiles)
            implements Message {
        public Reply {
            panes = Copies.map(panes);
            profiles = Copies.map(profiles);
        }

        @Override
        public Reply addressed(Map<String, String> panes, Map<String, String> profiles) {
            return new Reply(from, to, replyTo, text, deliveredBy, panes, profiles);
        }
    }

    /**
     * A letter from another computer's link ({@code from_computer}), to be typed here; {@code ref} is
     * its number in that link's journal, which its delivery steps use.
     */
    record Remote(
            String fromComputer,
            long ref,
            String to,
            String text,
            Map<String, String> panes,
            @JsonInclude(Include.NON_EMPTY) Map<String, String> profiles)
            implements Message {
        public Remote {
            panes = Copies.map(panes);
            profiles = Copies.map(profiles);
        }

        @Override
        public Remote addressed(Map<String, String> panes, Map<String, String> profiles) {
            return new Remote(fromComputer, ref, to, text, panes, profiles);
        }
    }
}
