package dev.gather.turn;

import java.util.Optional;

/** Turns one harness's raw hook payload into the text of the finished turn (possibly empty). */
interface HookParser {
    String text(String payload) throws HookRejected;

    /** The harness's own id for the turn, where its hook names one; read after {@link #text} accepted it. */
    default Optional<String> turn(String payload) {
        return Optional.empty();
    }
}
