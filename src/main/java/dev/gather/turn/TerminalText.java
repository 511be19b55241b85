package dev.gather.turn;

import java.util.regex.Pattern;

/** Plain text from terminal output: escape sequences and control characters removed, line ends unified. */
final class TerminalText {
    private static final Pattern ESCAPES =
            Pattern.compile("\u001B\\[[0-?]*[ -/]*[@-~]|\u001B\\][^\u0007\u001B]*(\u0007|\u001B\\\\)|\u001B[@-_]");
    private static final Pattern CONTROLS = Pattern.compile("[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]");

    private TerminalText() {}

    static String clean(String raw) {
        String noEscapes = ESCAPES.matcher(raw).replaceAll("");
        return CONTROLS.matcher(noEscapes).replaceAll("").replace("\r\n", "\n").replace('\r', '\n');
    }
}
