package dev.gather.link;

import java.util.Objects;
import java.util.Optional;

/**
 * One participant of a link: a tmux pane (agent or human terminal) or a human without a pane.
 *
 * @param number the member's number in its link, from 1, shown in attributions as {@code [Name] (n):}
 * @param pane the tmux pane id ({@code %12}); empty for a human who takes part only through the CLI
 */
public record Member(String name, int number, Role role, Optional<String> pane) {
    public Member {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a member needs a name");
        }
        if (number < 1) {
            throw new IllegalArgumentException("member numbers start at 1 (was " + number + ")");
        }
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(pane, "pane");
    }

    /** A member in a pane. */
    public static Member inPane(String name, int number, Role role, String pane) {
        return new Member(name, number, role, Optional.of(pane));
    }

    /** The same member with another number (numbers are given by the link). */
    public Member withNumber(int n) {
        return new Member(name, n, role, pane);
    }

    /** How this member's words are attributed when relayed: {@code [Name] (n):}. */
    public String attribution() {
        return "[" + name + "] (" + number + "):";
    }
}
