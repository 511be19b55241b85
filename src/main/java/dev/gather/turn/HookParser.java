package dev.gather.turn;

/** Turns one harness's raw hook payload into the text of the finished turn (possibly empty). */
interface HookParser {
    String text(String payload) throws HookRejected;
}
