package dev.gather.gathering;

/** What can happen to a gathering. */
enum GatheringEvent {
    /** Seeds go out, the first turn begins. */
    START,
    /** A member's turn output (or a human's words) arrived. */
    OUTPUT,
    /** The holder's beat interval passed. */
    BEAT,
    /** The final beat's grace, or the harvest's time, ran out. */
    TIME_UP,
    /** The turn reached the rhythm's max_turn. */
    MAX_TURN,
    /** The turn ends: a pass (phrase, pass_piece, take) or the holder left. */
    TURN_OVER,
    /** A member left: its pane died, it closed the link, it never started. */
    MEMBER_GONE,
    /** The harvester's harvest arrived. */
    HARVEST_DONE,
    /** Ended by command: the harvester is asked first. */
    END,
    /** Ended by command at once, without a harvest. */
    END_NOW
}
