package dev.gather.agents;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a command line into words the way a POSIX shell would for the simple cases users write in
 * agents.yaml: blanks separate, single and double quotes group, a backslash escapes one character.
 * Nothing is expanded: no variables, globs or substitutions.
 */
final class Words {
    private Words() {}

    static List<String> split(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\'
                        && quote == '"'
                        && i + 1 < line.length()
                        && "\"\\$`".indexOf(line.charAt(i + 1)) >= 0) {
                    word.append(line.charAt(++i));
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (c == '\\' && i + 1 < line.length()) {
                word.append(line.charAt(++i));
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("unclosed " + quote + " quote in command line: " + line);
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
