/**
 * How a message enters a member: one {@link dev.gather.door.Door} per harness, keystrokes as one door
 * among them. Low in the house: the relay calls it; it knows nothing of links or gatherings.
 */
package dev.gather.door;
