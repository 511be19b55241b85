package dev.gather.delivery;

import dev.gather.profile.Profile;
import dev.gather.profile.Profiles;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.DeliveryResult;
import dev.gather.tmux.Tmux;
import dev.gather.tmux.TmuxException;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Every member's {@link Mailbox}, by pane. A pane's profile comes from what started it (an agent
 * kind), else from the harness its hook events name, else from its current command, else generic.
 */
public final class PostOffice implements AutoCloseable {
    private final Tmux tmux;
    private final Deliverer deliverer;
    private final Profiles profiles;
    private final Clock clock;
    private final Ledger ledger;
    private final Map<String, Mailbox> boxes = new ConcurrentHashMap<>();
    private final List<Consumer<String>> unreachable = new CopyOnWriteArrayList<>();
    private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "gather-mailbox");
        t.setDaemon(true);
        return t;
    });
    private volatile BiConsumer<String, String> beforeTyping = (pane, text) -> {};

    public PostOffice(Tmux tmux, Deliverer deliverer, Profiles profiles, Clock clock, Ledger ledger) {
        this.tmux = tmux;
        this.deliverer = deliverer;
        this.profiles = profiles;
        this.clock = clock;
        this.ledger = ledger;
    }

    /** Tells {@code listener} what is about to be typed into which pane (so its echo can be told apart). */
    public void beforeTyping(BiConsumer<String, String> listener) {
        this.beforeTyping = listener;
    }

    /** Tells {@code listener} about a pane that never became ready (a gathering skips its member). */
    public void onUnreachable(Consumer<String> listener) {
        unreachable.add(listener);
    }

    public Profiles profiles() {
        return profiles;
    }

    /** A pane we started running {@code profile}'s harness: nothing is typed before it is ready. */
    public void started(String pane, Profile profile) {
        boxes.computeIfAbsent(pane, p -> box(p, profile)).explicit();
    }

    /** Queues {@code letter} for {@code pane}; the future completes once it was typed, or failed. */
    public CompletableFuture<DeliveryResult> post(String pane, Letter letter) {
        return mailbox(pane).post(letter);
    }

    /** The profile {@code pane} is typed into with. */
    public Profile profileOf(String pane) {
        return remote(pane) ? profiles.generic() : mailbox(pane).profile();
    }

    /** A member on another computer ({@code computer:%pane}): its own daemon keeps its mailbox. */
    private static boolean remote(String pane) {
        return pane.indexOf(':') > 0;
    }

    /** {@code pane}'s harness ended a turn; {@code harness} names it when a hook said so. */
    public void turnEnded(String pane, Optional<String> harness, String how) {
        if (remote(pane)) {
            return;
        }
        Mailbox box = mailbox(pane);
        harness.flatMap(profiles::get).ifPresent(box::learn);
        box.turnEnded(how);
    }

    /** {@code pane} is mid-turn on its own (it is calling us): hold its messages until the turn ends. */
    public void turnStarted(String pane) {
        if (remote(pane)) {
            return;
        }
        mailbox(pane).turnStarted();
    }

    /** Drops every queued (not yet typed) letter of journal {@code journal}: it fails with {@code why}. */
    public void withdraw(String journal, String why) {
        boxes.values().forEach(b -> b.withdraw(l -> l.journal().equals(journal), why));
    }

    /** The pane ended; its queued messages fail and nothing more is typed into it. */
    public void gone(String pane) {
        Mailbox box = boxes.remove(pane);
        if (box != null) {
            box.gone();
        }
        // a daemon outlives many panes: nothing of an ended one is kept
        deliverer.forget(pane);
    }

    /** The pane's delivery picture, if anything was ever sent to it. */
    public Optional<MailboxStatus> status(String pane) {
        return Optional.ofNullable(boxes.get(pane)).map(Mailbox::status);
    }

    /** Every pane's delivery picture. */
    public List<MailboxStatus> all() {
        return boxes.values().stream().map(Mailbox::status).toList();
    }

    private Mailbox mailbox(String pane) {
        Mailbox box = boxes.get(pane);
        return box != null ? box : boxes.computeIfAbsent(pane, p -> box(p, recognise(p)));
    }

    private Profile recognise(String pane) {
        try {
            return tmux.panes().stream()
                    .filter(p -> p.id().equals(pane))
                    .findFirst()
                    .flatMap(p ->
                            profiles.recognise(p.command(), () -> dev.gather.process.Processes.commandLines(p.pid())))
                    .orElseGet(profiles::generic);
        } catch (TmuxException e) {
            return profiles.generic();
        }
    }

    private Mailbox box(String pane, Profile profile) {
        return new Mailbox(
                pane,
                profile,
                deliverer,
                executor,
                clock,
                ledger,
                (p, text) -> beforeTyping.accept(p, text),
                p -> unreachable.forEach(l -> l.accept(p)));
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
