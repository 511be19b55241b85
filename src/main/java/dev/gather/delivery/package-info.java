/**
 * How a letter reaches one member: the {@link dev.gather.delivery.PostOffice} keeps one {@link
 * dev.gather.delivery.Channel} per pane, and each channel has one queue, one lock (its monitor) and
 * one state ({@link dev.gather.delivery.Turns}: starting, ready, busy, idle, gone). At the head of its
 * queue the channel chooses a door for each letter: the harness's own ({@link
 * dev.gather.delivery.HarnessDoor}, through a {@link dev.gather.door.Door}: Claude's socket, {@code
 * codex queue}) when the harness has one, handed at once and correlated by the letter's reference; or
 * keystrokes ({@link dev.gather.delivery.Typist} hands it to the member's {@link
 * dev.gather.delivery.KeystrokeDoor}, a {@code Door} too: paste, gap, Enter) once the member is ready
 * or idle and its input box is empty. One letter is in a door at a time, so order is the queue's; a harness
 * door that is absent, resting or says no sends its letter back to the head of the queue, to be typed.
 * The member's turn ends (its hooks, its screen through {@link dev.gather.delivery.ScreenWatch}, a
 * door's trace) confirm what it took. Every step is written to the {@link dev.gather.delivery.Ledger}
 * (the journals); everything else the rest of the daemon hears goes out through one {@link
 * dev.gather.delivery.Port}. Closing fails every letter still pending.
 */
package dev.gather.delivery;
