package dev.gather.link;

import dev.gather.delivery.Letter;
import dev.gather.delivery.PostOffice;
import dev.gather.tmux.DeliveryResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Hands one text for many members to their channels at once. Members without a pane (a CLI-only
 * human) are skipped; they read the journal through {@code gather watch}.
 */
public final class Fanout {
    private final PostOffice post;
    private final Elsewhere elsewhere;

    /** Every member on this computer. */
    public Fanout(PostOffice post) {
        this(post, Elsewhere.NOWHERE);
    }

    /** Members here through {@code post}; those on other computers through {@code elsewhere}. */
    public Fanout(PostOffice post, Elsewhere elsewhere) {
        this.post = post;
        this.elsewhere = elsewhere;
    }

    /** One letter for one pane, here or on another computer. */
    public CompletableFuture<DeliveryResult> post(String pane, Letter letter) {
        return elsewhere.holds(pane) ? elsewhere.deliver(pane, letter) : post.post(pane, letter);
    }

    public PostOffice post() {
        return post;
    }

    /**
     * Queues {@code text} (journalled as entry {@code ref} of {@code journal}) for each of {@code to};
     * the map keeps their order and completes per member once typed, or failed.
     */
    public Map<Member, CompletableFuture<DeliveryResult>> send(String journal, long ref, List<Member> to, String text) {
        Map<Member, CompletableFuture<DeliveryResult>> running = new LinkedHashMap<>();
        for (Member m : to) {
            m.pane().ifPresent(p -> running.put(m, post(p, new Letter(journal, ref, m.name(), text))));
        }
        return running;
    }

    /** {@link #send} and wait for every outcome (tests, tools). */
    public Map<Member, DeliveryResult> deliver(String journal, long ref, List<Member> to, String text) {
        Map<Member, DeliveryResult> results = new LinkedHashMap<>();
        send(journal, ref, to, text).forEach((m, f) -> results.put(m, f.join()));
        return results;
    }
}
