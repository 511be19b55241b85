package dev.gather.relay;

import dev.gather.gathering.Effect;
import dev.gather.gathering.EffectSink;
import dev.gather.journal.Announcement;
import dev.gather.journal.Entry;
import dev.gather.journal.JournalUnavailable;
import dev.gather.journal.Kept;
import dev.gather.journal.Message;
import dev.gather.journal.Prompt;
import dev.gather.link.Attribution;
import dev.gather.link.Link;
import dev.gather.link.Member;
import dev.gather.tmux.DeliveryResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Executes one gathering's effects: relays, private prompts, announcements, journal, harvest file. */
public final class EffectRunner implements EffectSink {
    private static final Logger LOG = LoggerFactory.getLogger(EffectRunner.class);
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
    /** Where the closing steps run once what they wait for is done: never the JDK's common pool. */
    private final Executor steps;

    private final List<CompletableFuture<DeliveryResult>> closing = new CopyOnWriteArrayList<>();
    /** What this gathering sent that its member has not yet taken (or failed). */
    private final Set<CompletableFuture<DeliveryResult>> unheard = ConcurrentHashMap.newKeySet();
    /**
     * Per member, the journal entry of the last message that gave it the floor (the piece, the
     * harvest prompt): only a turn that began with it or later speaks for the member.
     */
    private final Map<Member, Long> floors = new ConcurrentHashMap<>();
    /** The closing words' step: it waits for what was sent before them to be heard, up to a bound. */
    private volatile CompletableFuture<Void> closingStep = CompletableFuture.completedFuture(null);
    /** The closing words, once: after the last words were heard, or at once when ended now. */
    private volatile Runnable closingWords = () -> {};

    public EffectRunner(Relay relay, Link link, Path harvestFile) {
        this(relay, link, harvestFile, () -> {});
    }

    /**
     * {@code afterClose} runs once the closing words were typed (or could not be), at most a while after,
     * and once no turn end of its members is being handled (the harvest that closed it is heard whole).
     */
    public EffectRunner(Relay relay, Link link, Path harvestFile, Runnable afterClose) {
        this(relay, link, harvestFile, afterClose, LAST_WORDS_WITHIN);
    }

    /**
     * As above; words sent before the close may take {@code lastWordsWithin} to reach a busy member, and
     * the closing steps run on the thread that ends the wait.
     */
    public EffectRunner(Relay relay, Link link, Path harvestFile, Runnable afterClose, Duration lastWordsWithin) {
        this(relay, link, harvestFile, afterClose, lastWordsWithin, Runnable::run);
    }

    /** As above, the closing steps running on {@code steps} (the daemon's gathering threads). */
    public EffectRunner(
            Relay relay, Link link, Path harvestFile, Runnable afterClose, Duration lastWordsWithin, Executor steps) {
        this.steps = steps;
        this.lastWordsWithin = lastWordsWithin;
        this.relay = relay;
        this.link = link;
        this.harvestFile = harvestFile;
        this.afterClose = afterClose;
    }

    /** The last message that gave {@code m} the floor, by its journal entry; negative when none did here. */
    public long floor(Member m) {
        return floors.getOrDefault(m, -1L);
    }

    /** The floors a stopped daemon had given (a resumed gathering), by journal entry. */
    public void restoreFloors(Map<Member, Long> given) {
        floors.putAll(given);
    }

    /** Whether {@code m}'s turn that ended as {@code start} says began once the floor reached it. */
    public boolean beganWithFloor(Member m, TurnStart start) {
        return start.beganWith(floor(m));
    }

    /** Journals a private phase's words as relayed, marked private, and types them to their few hearers alone. */
    private void confide(Effect.Confide c) {
        List<Member> to = c.to().stream().filter(m -> !c.held().contains(m)).toList();
        var entry = new Message.Relay(
                link.id(),
                c.from().name(),
                false,
                c.from().number(),
                "private",
                Outbox.names(to),
                Outbox.names(c.held()),
                c.text());
        track(relay.send(link.id(), entry, to, Attribution.of(c.from(), c.text())));
    }

    /** A public line; the piece reaching a member that hears it now gives it the floor. */
    private void announce(Effect.Announce a) {
        Outbox.Sent sent = relay.announce(link, a.text(), a.kind(), a.about(), a.counters(), a.held());
        if (a.kind() == Announcement.TURN) {
            a.about().filter(m -> !a.held().contains(m)).ifPresent(m -> floors.put(m, sent.ref()));
        }
        track(sent.results());
    }

    /** A private prompt; the piece (in digest hearing) or the harvest prompt gives its member the floor. */
    private void inject(Effect.Inject i) {
        Outbox.Sent sent = relay.injectNumbered(link, i.to(), i.text(), i.kind());
        if (i.kind() == Prompt.TURN || i.kind() == Prompt.HARVEST) {
            floors.put(i.to(), sent.ref());
        }
        track(sent.results());
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
                closing.addAll(relay.announce(link, a.text(), a.kind(), a.about(), a.counters(), a.held())
                        .results()
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
                .handleAsync(
                        (v, e) -> {
                            closingWords.run();
                            return null;
                        },
                        steps);
    }

    private void closed(Effect.Closed c) {
        Runnable close = () -> {
            relay.close(link, c.reason());
            CompletableFuture.allOf(closing.toArray(CompletableFuture[]::new))
                    .completeOnTimeout(null, CLOSING_TYPED_WITHIN.toMillis(), TimeUnit.MILLISECONDS)
                    // the turn that closed it (the harvest) is heard whole before its pane may end
                    .whenCompleteAsync((v, e) -> relay.afterTurnEnds(link, afterClose), steps);
        };
        if (c.atOnce()) {
            // ended now by command: what is still queued is withdrawn instead of waited for
            closingWords.run();
            close.run();
        } else if (closingStep.isDone()) {
            close.run();
        } else {
            closingStep.whenCompleteAsync((v, e) -> close.run(), steps);
        }
    }

    @Override
    public void accept(Effect effect) {
        if (effect instanceof Effect.Relay r) {
            track(relay.relay(link, r.from(), r.text(), r.held()));
        } else if (effect instanceof Effect.Confide c) {
            confide(c);
        } else if (effect instanceof Effect.Inject i) {
            inject(i);
        } else if (effect instanceof Effect.Announce a && a.kind() == Announcement.CLOSING) {
            closing(a);
        } else if (effect instanceof Effect.Announce a) {
            announce(a);
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
                // as a journal that refuses: the harvester's turn stays in the spool until the disk takes it
                throw JournalUnavailable.of(harvestFile, e);
            }
            relay.append(link, new Kept.Harvest(link.id(), h.by().name(), harvestFile.toString(), h.text()));
        } else if (effect instanceof Effect.Closed c) {
            closed(c);
        } else {
            // a kind of effect added without its step here: say so, rather than drop it unseen
            LOG.error("gathering {}: no step runs {}", link.id(), effect);
            throw new IllegalStateException("gathering " + link.id() + ": no step runs " + effect);
        }
    }
}
