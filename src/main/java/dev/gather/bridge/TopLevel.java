package dev.gather.bridge;

/**
 * Reads one member of a JSON-RPC line without a JSON library (the bridge stays small): the raw text
 * of a top-level key's value, skipping nested objects, arrays and strings whole, so a key of the same
 * name inside {@code params} is never taken for the message's own.
 */
final class TopLevel {
    private TopLevel() {}

    /** The raw JSON of {@code key}'s value in the object {@code line}, or null: no such key, not an object, or cut short. */
    static String member(String line, String key) {
        int i = space(line, 0);
        if (i >= line.length() || line.charAt(i) != '{') {
            return null;
        }
        i++;
        while (true) {
            i = space(line, i);
            if (i >= line.length() || line.charAt(i) != '"') {
                return null;
            }
            int keyEnd = skip(line, i);
            if (keyEnd < 0) {
                return null;
            }
            String name = line.substring(i + 1, keyEnd - 1);
            i = space(line, keyEnd);
            if (i >= line.length() || line.charAt(i) != ':') {
                return null;
            }
            int start = space(line, i + 1);
            int end = skip(line, start);
            if (end < 0) {
                return null;
            }
            if (name.equals(key)) {
                return line.substring(start, end);
            }
            i = space(line, end);
            if (i >= line.length() || line.charAt(i) != ',') {
                return null;
            }
            i++;
        }
    }

    /** The index just after the value starting at {@code i}, or -1 when the line ends first. */
    private static int skip(String s, int i) {
        if (i >= s.length()) {
            return -1;
        }
        char c = s.charAt(i);
        if (c == '"') {
            for (int j = i + 1; j < s.length(); j++) {
                char d = s.charAt(j);
                if (d == '\\') {
                    j++;
                } else if (d == '"') {
                    return j + 1;
                }
            }
            return -1;
        }
        if (c == '{' || c == '[') {
            int depth = 0;
            for (int j = i; j < s.length(); j++) {
                char d = s.charAt(j);
                if (d == '"') {
                    j = skip(s, j);
                    if (j < 0) {
                        return -1;
                    }
                    j--;
                } else if (d == '{' || d == '[') {
                    depth++;
                } else if (d == '}' || d == ']') {
                    if (--depth == 0) {
                        return j + 1;
                    }
                }
            }
            return -1;
        }
        int j = i;
        while (j < s.length() && ",}] \t\r\n".indexOf(s.charAt(j)) < 0) {
            j++;
        }
        return j == i ? -1 : j;
    }

    private static int space(String s, int i) {
        while (i < s.length() && " \t\r\n".indexOf(s.charAt(i)) >= 0) {
            i++;
        }
        return i;
    }
}
