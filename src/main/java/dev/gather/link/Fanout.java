package dev.gather.link;

import dev.gather.tmux.Deliverer;
import dev.gather.tmux.DeliveryResult;
import dev.gather.tmux.HarnessQuirks;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Types one text into many members' panes at once and waits for every outcome. Members without a
 * pane (a CLI-only human) are skipped; they read the journal through {@code gather watch}.
 */
public final class Fanout {
    private final Deliverer deliverer;
    private final Function<String, HarnessQuirks> quirksOfPane;

    public Fanout(Deliverer deliverer, Function<String, HarnessQuirks> quirksOfPane) {
        this.deliverer = deliverer;
        this.quirksOfPane = quirksOfPane;
    }

    private volatile java.util.function.BiConsumer<String, String> beforeTyping = (pane, text) -> {};

    /** Tells {@code listener} what is about to be typed into which pane (so its echo can be told apart). */
    public void beforeTyping(java.util.function.BiConsumer<String, String> listener) {
        this.beforeTyping = listener;
    }

    // one delivery at a time per pane, in order: two pastes into one input box must never interleave
    private final Map<String, CompletableFuture<DeliveryResult>> lastInPane =
            new java.util.concurrent.ConcurrentHashMap<>();

    private CompletableFuture<DeliveryResult> inTurn(
            String pane, java.util.function.Supplier<CompletableFuture<DeliveryResult>> delivery) {
        return lastInPane.compute(
                pane,
                (p, previous) -> previous == null || previous.isDone()
                        ? delivery.get()
                        : previous.handle((r, e) -> null).thenCompose(x -> delivery.get()));
    }

    /** Delivers {@code text} to each of {@code to}; the map keeps their order. */
    public Map<Member, DeliveryResult> deliver(List<Member> to, String text) {
        Map<Member, CompletableFuture<DeliveryResult>> running = new LinkedHashMap<>();
        for (Member m : to) {
            m.pane()
                    .ifPresent(p -> running.put(m, inTurn(p, () -> {
                        beforeTyping.accept(p, text);
                        return deliverer.deliverAsync(p, text, quirksOfPane.apply(p));
                    })));
        }
        Map<Member, DeliveryResult> results = new LinkedHashMap<>();
        running.forEach((m, f) -> results.put(m, f.join()));
        return results;
    }
}
