package dev.gather.relay;

import dev.gather.gathering.Effect;
import dev.gather.gathering.EffectSink;
import dev.gather.journal.Announcement;
import dev.gather.journal.Entry;
import dev.gather.journal.Kept;
import dev.gather.journal.Message;
import dev.gather.link.Link;
import dev.gather.link.Member;
import dev.gather.tmux.DeliveryResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/** Executes one gathering's effects: relays, private prompts, announcements, journal, harvest file. */
public final class EffectRunner implements EffectSink {
    /** How long the closing words may take to reach everyone before the spawned panes are ended. */
    private static final Duration CLOSING_TYPED_WITHIN = Duration.ofSeconds(15);
    /**
     * How long words sent before the close may take to reach a member still busy with an earlier
     * turn before the closing words go out; what is still queued then is withdrawn, journalled.
     */
    public static final Duration LAST_WORDS_WITHIN = Duration.ofSeconds(30);

    private final Duration lastWordsWithin;

    private final Relay relay;
    private final Link link;
    private final Path harvestFile;
    private final Runnable afterClose;
    private final List<CompletableFuture<DeliveryResult>> closing = new CopyOnWriteArrayList<>();
    /** What this gathering sent that its member has not yet taken (or failed). */
    private final Set<CompletableFuture<DeliveryResult>> unheard = ConcurrentHashMap.newKeySet();
    /** The closing words' step: it waits for what was sent before them to be heard, up to a bound. */
    private volatile CompletableFuture<Void> closingStep = CompletableFuture.completedFuture(null);
    /** The closing words, once: after the last words were heard, or at once when ended now. */
    private volatile Runnable closingWords = () -> {};

    public EffectRunner(Relay relay, Link link, Path harvestFile) {
        this(relay, link, harvestFile, () -> {});
    }

    /** {@code afterClose} runs once the closing words were typed (or could not be), at most a while after. */
    public EffectRunner(Relay relay, Link link, Path harvestFile, Runnable afterClose) {
        this(relay, link, harvestFile, afterClose, LAST_WORDS_WITHIN);
    }

    /** As above; words sent before the close may take {@code lastWordsWithin} to reach a busy member. */
    public EffectRunner(Relay relay, Link link, Path harvestFile, Runnable afterClose, Duration lastWordsWithin) {
        this.lastWordsWithin = lastWordsWithin;
        this.relay = relay;
        this.link = link;
        this.harvestFile = harvestFile;
        this.afterClose = afterClose;
    }

    /** Journals a private phase's words as relayed, marked private, and types them to their few hearers alone. */
    private void confide(Effect.Confide c) {
        var entry = new Message.Relay(
                link.id(),
                c.from().name(),
                false,
                c.from().number(),
                "private",
                c.to().stream().map(Member::name).toList(),
                c.text());
        track(relay.send(link.id(), entry, c.to(), dev.gather.link.Attribution.of(c.from(), c.text())));
    }

    /** The journal's record of who passed or took the piece by command. */
    private Entry note(Effect.Note n) {
        return switch (n.kind()) {
            case PASS -> new Kept.Pass(link.id(), n.text());
            case TAKE -> new Kept.Take(link.id(), n.text());
        };
    }

    private void track(Map<Member, CompletableFuture<DeliveryResult>> sent) {
        sent.values().forEach(this::track);
    }

    private void track(CompletableFuture<DeliveryResult> sent) {
        if (!sent.isDone()) {
            unheard.add(sent);
            sent.whenComplete((r, e) -> unheard.remove(sent));
        }
    }

    /**
     * The closing words go out once everything sent before them reached its member: a member mid-turn
     * as the harvest lands still hears the last words, then the closing words, in that order. What is
     * still queued after the bound is withdrawn, so nothing is typed after the close.
     */
    private void closing(Effect.Announce a) {
        AtomicBoolean once = new AtomicBoolean();
        closingWords = () -> {
            if (once.compareAndSet(false, true)) {
                relay.withdraw(link, "not typed: the gathering closed first");
                closing.addAll(relay.announce(link, a.text(), a.kind(), a.about(), a.counters())
                        .values());
            }
        };
        CompletableFuture<?>[] waiting = unheard.toArray(CompletableFuture[]::new);
        if (waiting.length == 0) {
            closingWords.run();
            return;
        }
        closingStep = CompletableFuture.allOf(waiting)
                .completeOnTimeout(null, lastWordsWithin.toMillis(), TimeUnit.MILLISECONDS)
                .handleAsync((v, e) -> {
                    closingWords.run();
                    return null;
                });
    }

    private void closed(Effect.Closed c) {
        Runnable close = () -> {
            relay.close(link, c.reason());
            CompletableFuture.allOf(closing.toArray(CompletableFuture[]::new))
                    .completeOnTimeout(null, CLOSING_TYPED_WITHIN.toMillis(), TimeUnit.MILLISECONDS)
                    .whenComplete((v, e) -> afterClose.run());
        };
        if (c.atOnce()) {
            // ended now by command: what is still queued is withdrawn instead of waited for
            closingWords.run();
            close.run();
        } else if (closingStep.isDone()) {
            close.run();
        } else {
            closingStep.whenCompleteAsync((v, e) -> close.run());
        }
    }

    @Override
    public void accept(Effect effect) {
        if (effect instanceof Effect.Relay r) {
            track(relay.relay(link, r.from(), r.text()));
        } else if (effect instanceof Effect.Confide c) {
            confide(c);
        } else if (effect instanceof Effect.Inject i) {
            track(relay.inject(link, i.to(), i.text(), i.kind()));
        } else if (effect instanceof Effect.Announce a && a.kind() == Announcement.CLOSING) {
            closing(a);
        } else if (effect instanceof Effect.Announce a) {
            track(relay.announce(link, a.text(), a.kind(), a.about(), a.counters()));
        } else if (effect instanceof Effect.OutOfTurn o) {
            relay.append(link, new Kept.OutOfTurn(link.id(), o.from().name(), o.text()));
        } else if (effect instanceof Effect.Late l) {
            relay.append(link, new Kept.Late(link.id(), l.from().name(), l.text()));
        } else if (effect instanceof Effect.Note n) {
            relay.append(link, note(n));
        } else if (effect instanceof Effect.HarvestStored h) {
            try {
                Files.writeString(harvestFile, h.text() + "\n");
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write harvest " + harvestFile, e);
            }
            relay.append(link, new Kept.Harvest(link.id(), h.by().name(), harvestFile.toString(), h.text()));
        } else if (effect instanceof Effect.Closed c) {
            closed(c);
        }
    }
}
