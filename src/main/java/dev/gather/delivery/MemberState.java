package dev.gather.delivery;

/** Where a member's harness is, as far as delivery is concerned. */
public enum MemberState {
    /** Spawned or first seen; its profile has not yet said it is ready. */
    STARTING,
    /** Ready for its first message. */
    READY,
    /** Mid-turn: messages for it wait. */
    BUSY,
    /** Its turn ended; the next message may be typed. */
    IDLE,
    /** Its pane or process is gone; nothing more is typed into it. */
    GONE
}
