package dev.gather.link;

import dev.gather.delivery.Letter;
import dev.gather.delivery.PostOffice;
import dev.gather.tmux.DeliveryResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Predicate;

/**
 * Hands one text for many members to their channels at once. Members without a pane (a CLI-only
 * human) are skipped; they read the journal through {@code gather watch}.
 */
public final class Fanout {
    private final PostOffice post;
    private volatile Predicate<String> remote = pane -> false;
    private volatile BiFunction<String, Letter, CompletableFuture<DeliveryResult>> remoteDelivery;

    public Fanout(PostOffice post) {
        this.post = post;
    }

    /** Panes {@code isRemote} accepts (members on other computers) are handed to {@code deliver} instead. */
    public void remote(
            Predicate<String> isRemote, BiFunction<String, Letter, CompletableFuture<DeliveryResult>> deliver) {
        this.remoteDelivery = deliver;
        this.remote = isRemote;
    }

    /** One letter for one pane, here or on another computer. */
    public CompletableFuture<DeliveryResult> post(String pane, Letter letter) {
        return remote.test(pane) ? remoteDelivery.apply(pane, letter) : post.post(pane, letter);
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
