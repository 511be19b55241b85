package dev.gather.relay;

import dev.gather.delivery.ChannelStatus;
import dev.gather.delivery.Letter;
import dev.gather.delivery.PostOffice;
import dev.gather.journal.JournalUnavailable;
import dev.gather.journal.Message;
import dev.gather.link.Attribution;
import dev.gather.link.Member;
import dev.gather.tmux.DeliveryResult;
import dev.gather.turn.TurnOutput;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

/**
 * Worker mode: a one-shot send from a pane asks the recipient (the worker) for a reply. The turn that
 * takes the message, the first to end once the message is typed (and before it is confirmed), is its answer:
 * the worker's final words go back to the sender once, attributed, journalled beside the request ({@code
 * reply_to} = the request's entry number), through the sender's own channel. No link is made.
 */
public final class Replies {
    /** One-shot sends and their replies share this journal. */
    public static final String JOURNAL = "oneshot";

    /** {@code asked}: when the request was made; {@code delivered}: the worker's channel saw the message submitted. */
    private record Pending(Member sender, Member worker, long request, Instant asked, AtomicBoolean delivered) {}

    private final Relay relay;
    private final PostOffice post;
    private final Map<String, List<Pending>> byWorkerPane = new ConcurrentHashMap<>();

    public Replies(Relay relay, PostOffice post) {
        this.relay = relay;
        this.post = post;
    }

    /** {@code pane} is gone: its replies are neither awaited nor sent to it. */
    public void gone(String pane) {
        byWorkerPane.remove(pane);
        byWorkerPane
                .values()
                .forEach(l -> l.removeIf(p -> p.sender().pane().orElse("").equals(pane)));
    }

    /**
     * Expects {@code worker}'s reply to request {@code request}, made at {@code asked} (before it was sent);
     * forgotten if the request is not delivered.
     */
    public void expect(
            Member sender, Member worker, long request, Instant asked, CompletableFuture<DeliveryResult> sent) {
        String pane = worker.pane().orElseThrow();
        Pending p = new Pending(sender, worker, request, asked, new AtomicBoolean());
        byWorkerPane.computeIfAbsent(pane, k -> new CopyOnWriteArrayList<>()).add(p);
        sent.thenAccept(r -> {
            if (r instanceof DeliveryResult.Delivered) {
                p.delivered().set(true);
            } else {
                forget(pane, p);
            }
        });
    }

    /**
     * A turn ended (see {@link RelayPort#turnEnding}): told before the post office hears of the end,
     * while the letters it takes are still open.
     */
    public void turnEnding(TurnOutput output, Optional<String> words, Set<String> relayedTo) {
        List<Pending> waiting = byWorkerPane.get(output.pane());
        if (waiting == null || waiting.isEmpty()) {
            return;
        }
        Optional<ChannelStatus> status = post.status(output.pane());
        List<Long> submitted = refs(status.map(s -> s.unconfirmed().stream()).orElse(Stream.empty()));
        List<Long> typing = refs(status.flatMap(ChannelStatus::typing).stream());
        for (Pending p : waiting) {
            if (output.time().isBefore(p.asked())) {
                // a turn that ended before the request was made was on earlier words, however late its end
                // is heard (a harness's start-up event, heard after the channel confirmed the message by its
                // screen, was taken for the reply), as the channel itself judges a turn end
                continue;
            }
            // a turn end while the message is still being typed took it only if it has words: a wordless one
            // then is more likely a late start-up event than an answer (the channel may confirm the message on
            // it all the same; then the first turn end after the delivery, the message no longer open, is it)
            boolean open = submitted.contains(p.request()) || typing.contains(p.request());
            boolean took = submitted.contains(p.request())
                    || (words.isPresent() && typing.contains(p.request()))
                    || (!open && p.delivered().get());
            if (took && forget(output.pane(), p)) {
                try {
                    reply(p, words.orElse("(" + p.worker().name() + " ended its turn without words)"), relayedTo);
                } catch (JournalUnavailable e) {
                    // the spool hands this turn end in again once the journal takes it: the reply is still owed
                    byWorkerPane
                            .computeIfAbsent(output.pane(), k -> new CopyOnWriteArrayList<>())
                            .add(p);
                    throw e;
                }
            }
        }
    }

    private static List<Long> refs(Stream<Letter> letters) {
        return letters.filter(l -> l.journal().equals(JOURNAL)).map(Letter::ref).toList();
    }

    private boolean forget(String pane, Pending p) {
        List<Pending> list = byWorkerPane.get(pane);
        return list != null && list.remove(p);
    }

    private void reply(Pending p, String words, Set<String> relayedTo) {
        if (p.sender().pane().filter(relayedTo::contains).isPresent()) {
            // the two share a link, which already relayed these words to the sender: journalled, not typed twice
            relay.send(
                    JOURNAL, entry(p, words, "the link the two share"), List.of(), Attribution.of(p.worker(), words));
            return;
        }
        relay.send(JOURNAL, entry(p, words, null), List.of(p.sender()), Attribution.of(p.worker(), words));
    }

    private static Message.Reply entry(Pending p, String words, String deliveredBy) {
        return new Message.Reply(
                p.worker().name(), p.sender().name(), p.request(), words, deliveredBy, Map.of(), Map.of());
    }
}
