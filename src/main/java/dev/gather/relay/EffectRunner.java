package dev.gather.relay;

import dev.gather.gathering.Effect;
import dev.gather.gathering.EffectSink;
import dev.gather.journal.Journal;
import dev.gather.link.Link;
import dev.gather.tmux.DeliveryResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/** Executes one gathering's effects: relays, private prompts, announcements, journal, harvest file. */
public final class EffectRunner implements EffectSink {
    /** How long the closing words may take to reach everyone before the spawned panes are ended. */
    private static final Duration CLOSING_TYPED_WITHIN = Duration.ofSeconds(15);

    private final Relay relay;
    private final Link link;
    private final Path harvestFile;
    private final Runnable afterClose;
    private final List<CompletableFuture<DeliveryResult>> closing = new CopyOnWriteArrayList<>();

    public EffectRunner(Relay relay, Link link, Path harvestFile) {
        this(relay, link, harvestFile, () -> {});
    }

    /** {@code afterClose} runs once the closing words were typed (or could not be), at most a while after. */
    public EffectRunner(Relay relay, Link link, Path harvestFile, Runnable afterClose) {
        this.relay = relay;
        this.link = link;
        this.harvestFile = harvestFile;
        this.afterClose = afterClose;
    }

    /** Journals a private phase's words as relayed, marked private, and types them to their few hearers alone. */
    private void confide(Effect.Confide c) {
        var entry = Journal.entry("relay")
                .put("link", link.id())
                .put("from", c.from().name())
                .put("from_number", c.from().number())
                .put("voice", "private");
        c.to().forEach(m -> entry.withArray("to").add(m.name()));
        entry.put("text", c.text());
        relay.send(link.id(), entry, c.to(), dev.gather.link.Attribution.of(c.from(), c.text()));
    }

    @Override
    public void accept(Effect effect) {
        if (effect instanceof Effect.Relay r) {
            relay.relay(link, r.from(), r.text(), "relay");
        } else if (effect instanceof Effect.Confide c) {
            confide(c);
        } else if (effect instanceof Effect.Inject i) {
            relay.inject(link, i.to(), i.text(), i.kind());
        } else if (effect instanceof Effect.Announce a) {
            if (a.kind().equals("closing")) {
                // nothing queued before the close is typed after it: the closing words are the last
                relay.withdraw(link, "not typed: the gathering closed first");
            }
            var sent = relay.announce(link, a.text(), a.kind(), a.about(), a.marks());
            if (a.kind().equals("closing")) {
                closing.addAll(sent.values());
            }
        } else if (effect instanceof Effect.OutOfTurn o) {
            relay.append(
                    link,
                    Journal.entry("out_of_turn")
                            .put("link", link.id())
                            .put("from", o.from().name())
                            .put("text", o.text()));
        } else if (effect instanceof Effect.Late l) {
            relay.append(
                    link,
                    Journal.entry("late")
                            .put("link", link.id())
                            .put("from", l.from().name())
                            .put("text", l.text()));
        } else if (effect instanceof Effect.Note n) {
            relay.append(link, Journal.entry(n.kind()).put("link", link.id()).put("text", n.text()));
        } else if (effect instanceof Effect.HarvestStored h) {
            try {
                Files.writeString(harvestFile, h.text() + "\n");
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write harvest " + harvestFile, e);
            }
            relay.append(
                    link,
                    Journal.entry("harvest")
                            .put("link", link.id())
                            .put("from", h.by().name())
                            .put("file", harvestFile.toString())
                            .put("text", h.text()));
        } else if (effect instanceof Effect.Closed c) {
            relay.close(link, c.reason());
            CompletableFuture.allOf(closing.toArray(CompletableFuture[]::new))
                    .completeOnTimeout(null, CLOSING_TYPED_WITHIN.toMillis(), TimeUnit.MILLISECONDS)
                    .whenComplete((v, e) -> afterClose.run());
        }
    }
}
