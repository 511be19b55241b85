package dev.gather.turn;

/**
 * Removes text gather typed into a pane from that pane's output, ignoring whitespace, because the
 * terminal re-wraps an echoed paste at its own width.
 */
final class EchoRemover {
    private EchoRemover() {}

    /** {@code output} without the first whitespace-insensitive occurrence of {@code typed}; null when absent. */
    static String without(String output, String typed) {
        String needle = typed.replaceAll("\\s+", "");
        if (needle.isEmpty()) {
            return output;
        }
        StringBuilder compact = new StringBuilder(output.length());
        int[] origin = new int[output.length()];
        for (int i = 0; i < output.length(); i++) {
            if (!Character.isWhitespace(output.charAt(i))) {
                origin[compact.length()] = i;
                compact.append(output.charAt(i));
            }
        }
        int at = compact.indexOf(needle);
        if (at < 0) {
            return null;
        }
        int start = origin[at];
        int end = origin[at + needle.length() - 1] + 1;
        return output.substring(0, start) + output.substring(end);
    }
}
