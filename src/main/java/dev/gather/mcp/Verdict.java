package dev.gather.mcp;

import com.fasterxml.jackson.databind.JsonNode;

/** What the line gate does with one client line: hand it to the SDK, answer it itself, or drop it. */
sealed interface Verdict {
    /** A well-formed message, re-written as one compact ASCII line for the SDK. */
    record Pass(String line, JsonNode message) implements Verdict {}

    /** An answer the gate writes itself (an error, or a ping before the handshake). */
    record Answer(String line) implements Verdict {}

    /** A notification nobody may answer; {@code why} goes to the log. */
    record Drop(String why) implements Verdict {}
}
