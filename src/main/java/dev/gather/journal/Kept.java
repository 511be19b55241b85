package dev.gather.journal;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.Optional;

/** An entry journalled and typed to nobody: words that were not relayed, the piece moved by command. */
public sealed interface Kept extends Entry {
    /** The link or gathering this is the journal of. */
    String link();

    /** Whose words these are, when they are a member's. */
    @JsonIgnore
    default Optional<String> speaker() {
        return Optional.empty();
    }

    /** Words from a member without the talking piece. */
    record OutOfTurn(String link, String from, String text) implements Kept {
        public OutOfTurn {
            Copies.required(link, "link");
            Copies.required(from, "from");
            Copies.required(text, "text");
        }

        @Override
        public Optional<String> speaker() {
            return Optional.of(from);
        }
    }

    /** Words of a turn that had already moved on when they came. */
    record Late(String link, String from, String text) implements Kept {
        public Late {
            Copies.required(link, "link");
            Copies.required(from, "from");
            Copies.required(text, "text");
        }

        @Override
        public Optional<String> speaker() {
            return Optional.of(from);
        }
    }

    /** The harvester's harvest, also kept in {@code file}. */
    record Harvest(String link, String from, String file, String text) implements Kept {
        public Harvest {
            Copies.required(link, "link");
            Copies.required(from, "from");
            Copies.required(file, "file");
            Copies.required(text, "text");
        }

        @Override
        public Optional<String> speaker() {
            return Optional.of(from);
        }
    }

    /** A turn handed over again after a restart, journalled before: not relayed twice. */
    record Duplicate(String link, String from, String text) implements Kept {
        public Duplicate {
            Copies.required(link, "link");
            Copies.required(from, "from");
            Copies.required(text, "text");
        }
    }

    /** The holder passed the piece by command. */
    record Pass(String link, String text) implements Kept {
        public Pass {
            Copies.required(link, "link");
            Copies.required(text, "text");
        }
    }

    /** Someone other than the holder (an operator) moved the piece. */
    record Take(String link, String text) implements Kept {
        public Take {
            Copies.required(link, "link");
            Copies.required(text, "text");
        }
    }
}
