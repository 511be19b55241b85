package dev.gather.rehearsal;

import dev.gather.link.Member;
import java.util.Optional;

/**
 * One text a member would find typed into its pane: how it came ({@code relay}, {@code announce} to
 * all, {@code private} to it alone), which prompt it is, whom it concerns (the new holder, the speaker
 * relayed) and the words as typed.
 */
record Delivery(Member to, String via, String prompt, Optional<Member> about, String text) {
    /** Whether it gives {@code to} the floor: the piece announced or handed to it, its beat, the harvest. */
    boolean givesFloor() {
        return switch (via) {
            case "announce" -> prompt.equals("turn") && about.filter(to::equals).isPresent();
                // in digest hearing the piece reaches an agent privately, with what was said since its last turn
            case "private" -> prompt.equals("turn")
                    || prompt.equals("beat")
                    || prompt.equals("final_beat")
                    || prompt.equals("harvest");
            default -> false;
        };
    }
}
