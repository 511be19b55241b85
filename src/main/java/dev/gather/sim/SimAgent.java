package dev.gather.sim;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The simulated agent's mind: a deterministic reply per input that quotes what it heard, and
 * optionally a pass phrase every {@code passEvery} replies, so tests and the demo know exactly what
 * it will say.
 */
final class SimAgent {
    static final int QUOTE_CHARS = 60;

    private final String name;
    private final Optional<String> next;
    private final int passEvery;
    private final List<String> script;
    private int replies;

    /** @param passEvery pass the piece on every so many replies; 0 never passes */
    SimAgent(String name, Optional<String> next, int passEvery) {
        this(name, next, passEvery, List.of());
    }

    /**
     * @param script replies to give in order instead of the quoting reply ({@code {heard}} is replaced
     *     by the quote); after the last one it quotes again
     */
    SimAgent(String name, Optional<String> next, int passEvery, List<String> script) {
        this.name = Objects.requireNonNull(name, "name");
        this.next = Objects.requireNonNull(next, "next");
        if (name.isBlank()) {
            throw new IllegalArgumentException("name must not be blank");
        }
        if (passEvery < 0) {
            throw new IllegalArgumentException("passEvery must be >= 0 (was " + passEvery + ")");
        }
        this.passEvery = passEvery;
        this.script = List.copyOf(script);
    }

    String reply(String heard) {
        replies++;
        String oneLine = heard.strip().replaceAll("\\s+", " ");
        String quote = oneLine.length() > QUOTE_CHARS ? oneLine.substring(0, QUOTE_CHARS) : oneLine;
        String reply = replies <= script.size()
                ? script.get(replies - 1).replace("{heard}", quote)
                : name + " heard \"" + quote + "\" — reply #" + replies;
        if (passEvery > 0 && replies % passEvery == 0) {
            reply += next.map(n -> ". I pass to " + n).orElse(". I pass the piece");
        }
        return reply;
    }

    String name() {
        return name;
    }
}
