/**
 * How a message enters a member through its harness's own door (Claude Code's messaging socket,
 * Codex's queue): a {@link dev.gather.door.Door} is handed a {@link dev.gather.door.Parcel} and its
 * receipts are matched by the parcel's reference. Every other program, and every door that is absent
 * or says no, is typed into by delivery's keystroke mailbox. Low in the house: the relay calls it; it
 * knows nothing of links or gatherings.
 */
package dev.gather.door;
