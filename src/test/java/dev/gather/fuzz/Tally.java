package dev.gather.fuzz;

import java.util.ArrayList;
import java.util.List;

/** What a fuzz run found: cases run, and each hang, stack trace and death with the case that caused it. */
final class Tally {
    int cases;
    final List<String> hangs = new ArrayList<>();
    final List<String> traces = new ArrayList<>();
    final List<String> deaths = new ArrayList<>();

    /** Whether {@code text} shows a stack trace or an exception's name to a user. */
    static boolean leaks(String text) {
        return text.contains("\tat ") || text.contains("Exception") || text.contains("StackOverflowError");
    }

    static String shown(String s) {
        String one = s.replace("\n", "\\n").replace("\r", "\\r");
        return one.length() > 120 ? one.substring(0, 120) + "…(" + s.length() + " chars)" : one;
    }

    void add(Tally t) {
        cases += t.cases;
        hangs.addAll(t.hangs);
        traces.addAll(t.traces);
        deaths.addAll(t.deaths);
    }
}
