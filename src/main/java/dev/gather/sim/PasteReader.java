package dev.gather.sim;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns raw terminal input into submitted inputs, as a harness's input box does: a bracketed paste
 * ({@code ESC[200~ … ESC[201~}) is literal text, newlines included; Enter outside a paste submits;
 * Backspace deletes. Feed it bytes in any split; it keeps its state between calls.
 */
final class PasteReader {
    private static final String START = "\u001B[200~";
    private static final String END = "\u001B[201~";

    private final StringBuilder input = new StringBuilder();
    private final StringBuilder pending = new StringBuilder(); // a possibly incomplete escape sequence
    private boolean inPaste;

    /** Consumes more input; returns the inputs submitted by it, oldest first. */
    List<String> feed(String chunk) {
        List<String> submitted = new ArrayList<>();
        pending.append(chunk);
        int i = 0;
        while (i < pending.length()) {
            char c = pending.charAt(i);
            if (c == '\u001B') {
                String rest = pending.substring(i);
                String marker = inPaste ? END : START;
                if (rest.startsWith(marker)) {
                    inPaste = !inPaste;
                    i += marker.length();
                    continue;
                }
                if (marker.startsWith(rest) || (!inPaste && END.startsWith(rest))) {
                    break; // wait for the rest of the sequence
                }
                int skip = otherEscapeLength(rest);
                if (skip == 0) {
                    break;
                }
                i += skip; // other escapes (arrow keys, focus events) are not text
                continue;
            }
            if (inPaste) {
                input.append(c == '\r' ? '\n' : c);
            } else if (c == '\r' || c == '\n') {
                submitted.add(input.toString());
                input.setLength(0);
            } else if (c == '\u007F' || c == '\b') {
                if (input.length() > 0) {
                    input.setLength(input.length() - 1);
                }
            } else if (c >= ' ' || c == '\t') {
                input.append(c);
            }
            i++;
        }
        pending.delete(0, i);
        return submitted;
    }

    /** Length of a non-paste escape sequence at the start of {@code rest}; 0 when it is still incomplete. */
    private int otherEscapeLength(String rest) {
        if (inPaste || rest.length() < 2 || rest.charAt(1) != '[') {
            return rest.length() < 2 && !inPaste ? 0 : 1;
        }
        for (int j = 2; j < rest.length(); j++) {
            char c = rest.charAt(j);
            if (c >= '@' && c <= '~') {
                return j + 1;
            }
        }
        return 0;
    }

    /** What has been typed or pasted but not yet submitted. */
    String draft() {
        return input.toString();
    }
}
