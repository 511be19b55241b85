package dev.gather.turn;

import java.util.Optional;

/** Turns one harness's raw hook payload into the text of the finished turn (possibly empty). */
interface HookParser {
    String text(String payload) throws HookRejected;

    /**
     * The finished turn: its text and, where the hook names one, the harness's own id for the turn. A
     * parser whose hook names turns reads both from one parse of the payload.
     */
    default Finished finished(String payload) throws HookRejected {
        return new Finished(text(payload), Optional.empty());
    }

    /** What one hook payload says of its turn. */
    record Finished(String text, Optional<String> turn) {}
}
