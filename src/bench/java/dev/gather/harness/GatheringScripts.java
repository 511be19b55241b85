package dev.gather.harness;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a fake model answers as a member of a gathering: it speaks when the newest announcement in its
 * conversation gives it the piece (or a beat asks), in words no other turn has, and passes; otherwise
 * it checks in with a checkpoint, which gather never relays. Shared by the live tests and the benchmarks
 * so both count the same calls.
 */
public final class GatheringScripts {
    private static final Pattern PIECE = Pattern.compile("The piece is now with (\\w+) \\(");
    /** How a counter says its number: found again in any request that carries it. */
    private static final Pattern NUMBER = Pattern.compile("Number (\\d+)\\.");

    private GatheringScripts() {}

    /** {@code name} speaking ({@code <name> speaks, turn N. I pass the piece.}) when it holds the piece. */
    public static Function<FakeModel.Call, Reply> speaker(String name) {
        AtomicInteger turns = new AtomicInteger();
        return call -> {
            int n = turns.incrementAndGet();
            return asked(name, call)
                    ? Reply.text(name + " speaks, turn " + n + ". I pass the piece.")
                    // never empty: Claude asks an empty-answering model again
                    : Reply.text("[checkpoint] " + name + " listens");
        };
    }

    /**
     * {@code name} counting to {@code last}: when it holds the piece it says one more than the highest
     * number in its conversation ({@code Number 42. I pass the piece.}), or that the count is done;
     * {@code answered} gets when its model was asked for each number.
     */
    public static Function<FakeModel.Call, Reply> counter(String name, int last, Map<Integer, Instant> answered) {
        return call -> {
            if (!asked(name, call)) {
                return Reply.text("[checkpoint] " + name + " waits");
            }
            int next = highest(call.body().toString()) + 1;
            if (next > last) {
                return Reply.text("Done: the count reached " + last + ". I pass the piece.");
            }
            answered.putIfAbsent(next, call.at());
            return Reply.text("Number " + next + ". I pass the piece.");
        };
    }

    /** A harvester's model: the harvest when the closing prompt asks for it, a checkpoint otherwise. */
    public static Function<FakeModel.Call, Reply> harvester(String name) {
        return call -> call.lastUserText().contains("The gathering is closing")
                ? Reply.text(name + "'s harvest: every speaker was heard.")
                : Reply.text("[checkpoint] " + name + " listens");
    }

    /** Codex's turns after a tool's result end without words: the script answers the turn itself, not its tools. */
    public static Function<FakeModel.Call, Reply> quietAfterTools(Function<FakeModel.Call, Reply> script) {
        return c -> c.afterToolResult() ? Reply.text("") : script.apply(c);
    }

    /** The numbers a counter said in {@code text}: {@code Number N.}. */
    public static Matcher numbers(String text) {
        return NUMBER.matcher(text);
    }

    private static int highest(String text) {
        Matcher m = NUMBER.matcher(text);
        int max = 0;
        while (m.find()) {
            max = Math.max(max, Integer.parseInt(m.group(1)));
        }
        return max;
    }

    /** Whether the newest announcement gives {@code name} the piece, or a beat asks it to speak. */
    private static boolean asked(String name, FakeModel.Call call) {
        Matcher piece = PIECE.matcher(call.body().toString());
        String holder = "";
        while (piece.find()) {
            holder = piece.group(1);
        }
        String said = call.lastUserText();
        return holder.equals(name) || said.contains("[Beat") || said.contains("Your turn is up");
    }
}
