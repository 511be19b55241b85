package dev.gather.tmux;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Turns an argument vector into one control-mode command line. Every argument is double-quoted;
 * {@code \ " $ ~} are escaped (tmux expands {@code $VAR} and a leading {@code ~} even inside double
 * quotes) and every control character becomes an octal escape, so the line never contains a
 * newline and the argument reaches the command byte for byte (verified by round trips through
 * {@code set-buffer}/{@code save-buffer}).
 */
final class ControlQuoting {
    private ControlQuoting() {}

    static String line(List<String> args) {
        return args.stream().map(ControlQuoting::quote).collect(Collectors.joining(" "));
    }

    static String quote(String arg) {
        StringBuilder out = new StringBuilder(arg.length() + 2).append('"');
        for (int i = 0; i < arg.length(); i++) {
            char c = arg.charAt(i);
            if (c == '\\' || c == '"' || c == '$' || c == '~') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c == 0x7f) {
                out.append('\\')
                        .append((char) ('0' + ((c >> 6) & 7)))
                        .append((char) ('0' + ((c >> 3) & 7)))
                        .append((char) ('0' + (c & 7)));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
