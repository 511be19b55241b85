package dev.gather.cli;

/** Word wrapping that breaks only at spaces, so a path or a flag is never cut in two. */
final class Wrap {
    private Wrap() {}

    /** {@code text} as lines of at most {@code width} columns, broken at spaces (a longer word stands alone). */
    static String atSpaces(String text, int width) {
        StringBuilder out = new StringBuilder();
        int lineLength = 0;
        for (String word : text.split(" ", -1)) {
            if (lineLength > 0 && lineLength + 1 + word.length() > width) {
                out.append('\n');
                lineLength = 0;
            } else if (lineLength > 0 || out.length() > 0 && out.charAt(out.length() - 1) != '\n') {
                out.append(' ');
                lineLength++;
            }
            out.append(word);
            lineLength += word.length();
        }
        return out.toString();
    }
}
