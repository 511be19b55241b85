package dev.gather.rhythm;

import java.util.Locale;
import java.util.Objects;

/**
 * How a gathering's agents hear what is said: {@code live}, each message typed as it is said (every
 * one starts a model turn in every listener), or {@code digest}, everything said since a member's
 * last turn typed once, together with its own prompt (the piece, a beat, the harvest prompt). People
 * and the journal's readers hear every word as it is said either way.
 *
 * @param harvester in digest mode, when the harvester hears what it was not yet told
 */
public record Listening(Mode mode, HarvesterHears harvester) {
    /** Today's hearing for a rhythm that says nothing: every message as it is said. */
    public static final Listening LIVE = new Listening(Mode.LIVE, HarvesterHears.HARVEST);

    public Listening {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(harvester, "harvester");
    }

    /** Whether agents hear with their own turns rather than message by message. */
    public boolean digest() {
        return mode == Mode.DIGEST;
    }

    /** The rhythm's {@code hearing} key. */
    public enum Mode {
        /** Each message reaches every listener as it is said: a model call per message per listener. */
        LIVE,
        /** What was said since a member's last turn reaches it once, with its own prompt. */
        DIGEST;

        /** The word a rhythm writes. */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The rhythm's {@code harvester_hears} key (digest mode only). */
    public enum HarvesterHears {
        /** Everything at once, with the harvest prompt: one model call. */
        HARVEST,
        /** What each phase said, once it ends (a model call per phase), and the rest with the harvest prompt. */
        PHASE_END;

        /** The word a rhythm writes. */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
