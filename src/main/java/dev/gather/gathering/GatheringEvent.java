package dev.gather.gathering;

/** What can happen to a gathering. */
enum GatheringEvent {
    /** Seeds go out, the first turn begins. */
    START,
    /** A member's turn output (or a human's words) arrived. */
    OUTPUT,
    /** The holder's beat interval passed. */
    BEAT,
    /** The turn ends: a pass, the final beat's grace ran out, or the holder left. */
    TURN_OVER,
    /** A member's pane died. */
    MEMBER_GONE,
    /** The harvester's harvest arrived. */
    HARVEST_DONE,
    /** Ended by command, or by too few members. */
    END
}
