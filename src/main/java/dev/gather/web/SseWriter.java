package dev.gather.web;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** One server-sent-event stream; written from the follower and the timers, so each write is whole. */
final class SseWriter {
    private final OutputStream out;
    private boolean failed;

    SseWriter(OutputStream out) {
        this.out = out;
    }

    /** Writes one event; false once the browser is gone. */
    synchronized boolean event(String name, String id, JsonNode data) {
        StringBuilder s = new StringBuilder();
        s.append("event: ").append(name).append('\n');
        if (id != null) {
            s.append("id: ").append(id).append('\n');
        }
        // JSON written compactly has no newline, so one data line holds it
        s.append("data: ").append(data.toString()).append("\n\n");
        return write(s.toString());
    }

    synchronized boolean comment(String text) {
        return write(": " + text.replace('\n', ' ') + "\n\n");
    }

    private boolean write(String s) {
        if (failed) {
            return false;
        }
        try {
            out.write(s.getBytes(StandardCharsets.UTF_8));
            out.flush();
            return true;
        } catch (IOException e) {
            failed = true;
            return false;
        }
    }
}
