package dev.gather.journal;

/** An entry journalled and typed to nobody: words that were not relayed, the piece moved by command. */
public sealed interface Kept extends Entry {
    /** The link or gathering this is the journal of. */
    String link();

    /** Words from a member without the talking piece. */
    record OutOfTurn(String link, String from, String text) implements Kept {}

    /** Words of a turn that had already moved on when they came. */
    record Late(String link, String from, String text) implements Kept {}

    /** The harvester's harvest, also kept in {@code file}. */
    record Harvest(String link, String from, String file, String text) implements Kept {}

    /** A turn handed over again after a restart, journalled before: not relayed twice. */
    record Duplicate(String link, String from, String text) implements Kept {}

    /** The holder passed the piece by command. */
    record Pass(String link, String text) implements Kept {}

    /** Someone other than the holder (an operator) moved the piece. */
    record Take(String link, String text) implements Kept {}
}
