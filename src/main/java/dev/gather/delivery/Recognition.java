package dev.gather.delivery;

import dev.gather.profile.Profile;
import java.util.Optional;

/**
 * Which profile a member is typed into with: what started its pane said so, or its hooks named the
 * harness, or else what runs in the pane now is recognised at each typing. Its lock is its channel's
 * monitor, the member's one lock.
 */
final class Recognition {
    /** Which profile the pane is typed into with now, given what is known of it (asked at each typing). */
    interface Recogniser {
        Profile now(String pane, Optional<Profile> known);
    }

    private final Object lock;
    private final String pane;
    private final Recogniser recogniser;
    private Profile profile;
    private boolean explicit;
    /** What started the pane, or its hooks, said which harness runs there (else it is only recognised). */
    private boolean known;

    Recognition(Object lock, String pane, Profile profile, Recogniser recogniser) {
        this.lock = lock;
        this.pane = pane;
        this.profile = profile;
        this.recogniser = recogniser;
    }

    Profile profile() {
        synchronized (lock) {
            return profile;
        }
    }

    /** A hook named the harness: from now on its profile applies, unless what started the pane said otherwise. */
    void learn(Profile learned) {
        synchronized (lock) {
            if (!explicit) {
                profile = learned;
                known = true;
            }
        }
    }

    /**
     * What started the pane said {@code said}'s harness runs there; hooks do not override it. It
     * replaces whatever was recognised or learned before: a resumed daemon that met the pane first in
     * a message journalled with no profile (sent before the member's first hook was heard) had
     * recognised it as a plain program, and kept that, so every later letter counted as taken at once.
     */
    void explicit(Profile said) {
        synchronized (lock) {
            profile = said;
            explicit = true;
            known = true;
        }
    }

    /**
     * The profile a letter is typed with, asked at each typing: what runs in the pane now decides how
     * it is typed into, not what ran when the message was sent. The pane is looked at without the lock.
     */
    Profile recognise() {
        Optional<Profile> was;
        synchronized (lock) {
            was = known ? Optional.of(profile) : Optional.empty();
        }
        Profile used = recogniser.now(pane, was);
        synchronized (lock) {
            if (!known) {
                profile = used;
            }
        }
        return used;
    }
}
