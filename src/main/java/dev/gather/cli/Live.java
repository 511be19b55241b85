package dev.gather.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/** One journal entry as a person watching the gathering live reads it, or nothing. */
final class Live {
    private Live() {}

    /** {@code mayRead}: whether the viewer may read a private prompt addressed to the named member. */
    static Optional<String> line(JsonNode e, Predicate<String> mayRead) {
        String text = e.path("text").asText("");
        String from = e.path("from").asText("");
        return switch (e.path("kind").asText()) {
            case "relay" -> relay(e, mayRead);
            case "announce" -> Optional.of(
                    switch (e.path("prompt").asText()) {
                        case "phase" -> "\n== " + text;
                        case "turn" -> "   > " + text;
                        case "reveal" -> "   * " + text.strip().replace("\n", "\n     ");
                        default -> "   * " + text;
                    });
            case "private" -> mayRead.test(e.path("to").asText())
                    ? Optional.of("   (private to " + e.path("to").asText() + ", "
                            + e.path("prompt").asText() + ") " + firstLine(text))
                    : Optional.empty();
            case "out_of_turn" -> Optional.of("   (" + from + " spoke without the piece; kept, not relayed)");
            case "late" -> Optional.of(
                    "   (" + from + " answered after the piece had moved on; kept as late, not relayed)");
            case "take", "pass", "join", "away" -> Optional.of("   * " + text);
            case "harvest" -> Optional.of("\n--- harvest by " + from + " ---\n" + indent(text));
            case "left" -> Optional.of("   * " + text);
            case "close" -> Optional.of("\n== closed: " + text);
            default -> Optional.empty();
        };
    }

    /**
     * Relayed words; those of a private phase ({@code voice: private}) say who alone heard them, and
     * are only a mention to a viewer who neither said nor heard them, until the phase's reveal.
     */
    private static Optional<String> relay(JsonNode e, Predicate<String> mayRead) {
        String from = e.path("from").asText("");
        String head = "\n[" + from + "] (" + e.path("from_number").asInt() + ")";
        if (!e.path("voice").asText().equals("private")) {
            return Optional.of(head + ":\n" + indent(e.path("text").asText("")));
        }
        List<String> to = new ArrayList<>();
        e.path("to").forEach(n -> to.add(n.asText()));
        // those it is kept for until their own turn (digest hearing) hear it too, a little later
        e.path("held").forEach(n -> to.add(n.asText()));
        String heard = to.isEmpty() ? "heard by nobody yet" : "heard by " + String.join(", ", to) + " alone";
        return mayRead.test(from) || to.stream().anyMatch(mayRead)
                ? Optional.of(
                        head + ", " + heard + ":\n" + indent(e.path("text").asText("")))
                : Optional.of("   (" + from + " answered privately, " + heard + ")");
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl) + " …";
    }

    private static String indent(String s) {
        return "    " + s.strip().replace("\n", "\n    ");
    }
}
