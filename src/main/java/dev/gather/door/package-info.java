/**
 * How a message enters a member through its harness's own door (Claude Code's messaging socket,
 * Codex's queue): a {@link dev.gather.door.Door} is handed a {@link dev.gather.door.Parcel} and its
 * receipts (its {@link dev.gather.door.Door.Trace}, its whereabouts, Claude's late receipts) are
 * matched by the parcel's reference, never by its words. Which door a letter takes is decided per
 * letter by the member's channel in delivery: every other program, and every letter whose door is
 * absent or says no, is typed by the channel's keystroke door. Low in the house: delivery calls it; it
 * knows nothing of links or gatherings.
 */
package dev.gather.door;
