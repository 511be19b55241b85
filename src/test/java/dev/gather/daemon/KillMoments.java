package dev.gather.daemon;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * Where {@link GatheringResumeTest} kills its daemon: seeded moments in a gathering's journal, in
 * order, every one sure to come before the close however fast the machine. A moment is "N entries
 * into turn k" (k = 0: after the start), never "N entries from the start": how many entries a turn
 * costs depends on the machine's speed (a beat comes only to a turn that lasts, letters that wait
 * are typed together), the number of turns does not. The last moment falls a few entries after the
 * harvest prompt, while the harvester writes.
 */
final class KillMoments {
    /** A moment's name, and whether the journal's entries so far have reached it. */
    record Moment(String name, Predicate<List<JsonNode>> reached) {}

    private KillMoments() {}

    /** {@code kills} moments seeded by {@code random} in a gathering of {@code turns} turns, in order. */
    static List<Moment> seeded(Random random, int kills, int turns) {
        TreeSet<Integer> during = new TreeSet<>();
        while (during.size() < kills - 1) {
            int turn = random.nextInt(turns + 1);
            during.add(turn * 100 + entriesAfter(turn, turns, random));
        }
        List<Moment> moments = new ArrayList<>();
        for (int at : during) {
            moments.add(new Moment(
                    at % 100 + " entries into turn " + at / 100, entries -> pastTurn(entries, at / 100, at % 100)));
        }
        int afterHarvestPrompt = random.nextInt(3);
        moments.add(new Moment("harvest prompt + " + afterHarvestPrompt, entries -> {
            for (int i = 0; i < entries.size(); i++) {
                if (entries.get(i).path("prompt").asText().equals("harvest")) {
                    return entries.size() >= i + 1 + afterHarvestPrompt;
                }
            }
            return false;
        }));
        return moments;
    }

    /**
     * How many entries after the start of {@code turn} a moment may fall and still lie before the close:
     * after turn k begins, the journal is sure to hold its relay, the turns after it with their relays,
     * the harvest prompt and the harvest before it can close, whatever number of delivery steps lie
     * between. Before the first turn, at least the start and a seed.
     */
    private static int entriesAfter(int turn, int turns, Random random) {
        if (turn == 0) {
            return 2 + random.nextInt(10);
        }
        int sure = 2 * (turns - turn) + 3;
        return random.nextInt(Math.min(12, sure));
    }

    /** Whether {@code entries} holds {@code after} entries past the announcement of turn {@code turn}. */
    private static boolean pastTurn(List<JsonNode> entries, int turn, int after) {
        int begun = 0;
        for (int i = 0; i < entries.size(); i++) {
            JsonNode e = entries.get(i);
            if (turn == 0
                    || (e.path("kind").asText().equals("announce")
                            && e.path("prompt").asText().equals("turn")
                            && ++begun == turn)) {
                return entries.size() >= i + 1 + after;
            }
        }
        return false;
    }

    /** Where the gathering stood at a kill: the last turn announcement, beat or harvest prompt. */
    static String where(List<JsonNode> entries) {
        for (int i = entries.size() - 1; i >= 0; i--) {
            JsonNode e = entries.get(i);
            String prompt = e.path("prompt").asText();
            if (e.path("kind").asText().equals("announce") && prompt.equals("turn")) {
                return "turn " + e.path("turn").asInt() + " of "
                        + e.path("member").asText();
            }
            if (e.path("kind").asText().equals("private") && !prompt.equals("reminder")) {
                return prompt + " to " + e.path("to").asText();
            }
        }
        return "start";
    }
}
