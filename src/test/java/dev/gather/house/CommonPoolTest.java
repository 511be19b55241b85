package dev.gather.house;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Nothing runs on the JDK's common pool, in the product, its tests or its benchmarks: on two cores it
 * has one thread, so one blocked task (a read that never answers) holds up every other in the JVM. A
 * test's .get(30 s) on a line its server had long written timed out in CI that way. An async call
 * names its executor; a test's blocking call goes on a thread of its own (dev.gather.testing.OwnThread).
 */
class CommonPoolTest {
    /** Each async call and how many arguments it has with an executor given. */
    private static final Map<String, Integer> WITH_EXECUTOR = Map.of(
            "supplyAsync", 2,
            "runAsync", 2,
            "thenApplyAsync", 2,
            "thenAcceptAsync", 2,
            "thenRunAsync", 2,
            "thenComposeAsync", 2,
            "whenCompleteAsync", 2,
            "handleAsync", 2,
            "exceptionallyAsync", 2,
            "thenCombineAsync", 3);

    private static final Pattern CALL = Pattern.compile("\\b(" + String.join("|", WITH_EXECUTOR.keySet()) + ")\\(");

    @Test
    void everyAsyncCallNamesItsExecutor() throws IOException {
        List<String> common = new ArrayList<>();
        for (Path f : HouseTest.sources()) {
            String code = HouseTest.blank(Files.readString(f));
            Matcher m = CALL.matcher(code);
            while (m.find()) {
                if (arguments(code, m.end()) < WITH_EXECUTOR.get(m.group(1))) {
                    common.add(f + ":" + (code.substring(0, m.start()).split("\n", -1).length) + ": " + m.group(1));
                }
            }
        }
        assertEquals(List.of(), common, "these run on the common pool: give them an executor or a thread of their own");
    }

    @Test
    void theCountOfArgumentsSeesThroughNestedCalls() {
        assertEquals(1, arguments("supplyAsync(() -> f(a, b));", "supplyAsync(".length()));
        assertEquals(2, arguments("supplyAsync(() -> f(a, List.of(b, c)), pool);", "supplyAsync(".length()));
        assertEquals(0, arguments("runAsync();", "runAsync(".length()));
    }

    /** How many arguments the call whose opening parenthesis ends right before {@code from} has. */
    static int arguments(String code, int from) {
        int depth = 1;
        int commas = 0;
        boolean any = false;
        for (int i = from; i < code.length() && depth > 0; i++) {
            char c = code.charAt(i);
            if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == ')' || c == ']' || c == '}') {
                depth--;
            } else if (c == ',' && depth == 1) {
                commas++;
            }
            any |= depth > 0 && !Character.isWhitespace(c);
        }
        return any ? commas + 1 : 0;
    }
}
