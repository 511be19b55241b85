package dev.gather.delivery;

import dev.gather.door.Doors;
import dev.gather.door.Pools;
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
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Every member's delivery {@link Channel}, by pane. A pane's profile is decided each time gather types into it,
 * from what runs in it then ({@link Profiles#forTerminal}): a shell at its prompt always gets the
 * shell profile; else what started the pane (an agent kind), else the harness its hook events name,
 * else its foreground program, else generic.
 * A member whose harness has a door of its own ({@link Doors}) gets its messages through that door,
 * and typed whenever the door is absent or says no.
 */
public final class PostOffice implements AutoCloseable {
    private final Tmux tmux;
    private final Deliverer deliverer;
    private final Profiles profiles;
    private final Clock clock;
    private final Ledger ledger;
    /** Why a letter still waiting when the post office closes fails (its journal keeps it for the next daemon). */
    static final String STOPPED = "gather stopped before it was delivered; the next daemon resumes it from the journal";

    private final Map<String, Channel> channels = new ConcurrentHashMap<>();
    private volatile boolean closed;
    private volatile Doors doors = Doors.none();
    private volatile java.time.Duration doorPatience = DoorPatience.DEFAULT;
    private final List<Consumer<String>> unreachable = new CopyOnWriteArrayList<>();
    private final List<BiConsumer<String, String>> turnEnds = new CopyOnWriteArrayList<>();
    /** Types, watches screens and hands to doors for every member; bounded: a burst queues, it starts no thread each. */
    private final ExecutorService executor = Pools.bounded("gather-mailbox", 32);
    /** Only counts down the members' waits (screen grace, door patience); the work itself runs on {@link #executor}. */
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(Pools.named("gather-mailbox-timer"));

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

    /** Tells {@code listener} of every turn end, by pane and how it was seen (a door's evidence of its messages). */
    public void onTurnEnded(BiConsumer<String, String> listener) {
        turnEnds.add(listener);
    }

    /** Tells {@code listener} about a pane that never became ready (a gathering skips its member). */
    public void onUnreachable(Consumer<String> listener) {
        unreachable.add(listener);
    }

    /** From now on a member whose harness has one of {@code doors} gets its messages through it. */
    public void doors(Doors doors) {
        this.doors = doors;
    }

    /**
     * From now on a message handed through a door and not seen taken for {@code patience} (after it
     * was handed or after the member's last turn end) is looked for in the harness's own record.
     */
    public void doorPatience(java.time.Duration patience) {
        this.doorPatience = patience;
    }

    public Profiles profiles() {
        return profiles;
    }

    /** A pane we started running {@code profile}'s harness: nothing is typed before it is ready. */
    public void started(String pane, Profile profile) {
        channels.computeIfAbsent(pane, p -> channel(p, profile)).explicit();
    }

    /** Queues {@code letter} for {@code pane}; the future completes once it was typed, or failed. */
    public CompletableFuture<DeliveryResult> post(String pane, Letter letter) {
        if (closed) {
            return CompletableFuture.completedFuture(new DeliveryResult.Failed(pane, STOPPED));
        }
        return channel(pane).post(letter);
    }

    /** {@code letter} was delivered by the last daemon, stopped before the turn on it ended: the next turn end confirms it. */
    public void delivered(String pane, Letter letter) {
        channel(pane).adopt(letter);
    }

    /** As {@link #delivered}, for a letter the last daemon handed to a door but never saw taken: never sent again. */
    public void handed(String pane, Letter letter) {
        channel(pane).adoptHanded(letter);
    }

    /** The profile {@code pane} is typed into with. */
    public Profile profileOf(String pane) {
        return remote(pane) ? profiles.generic() : channel(pane).profile();
    }

    /** A member on another computer ({@code computer:%pane}): its own daemon keeps its mailbox. */
    private static boolean remote(String pane) {
        return pane.indexOf(':') > 0;
    }

    /** {@code pane}'s harness ended a turn; {@code harness} names it when a hook said so. */
    public void turnEnded(String pane, Optional<String> harness, String how) {
        turnEnded(pane, harness, how, Optional.empty());
    }

    /** As above; {@code at}: when the turn ended by its hook's stamp (an earlier turn than the words being typed?). */
    public void turnEnded(String pane, Optional<String> harness, String how, Optional<java.time.Instant> at) {
        if (remote(pane)) {
            return;
        }
        Channel channel = channel(pane);
        harness.flatMap(profiles::get).ifPresent(channel::learn);
        turnEnds.forEach(l -> l.accept(pane, how));
        channel.turnEnded(how, at);
    }

    /** {@code pane} is mid-turn on its own (it is calling us): hold its messages until the turn ends. */
    public void turnStarted(String pane) {
        if (remote(pane)) {
            return;
        }
        channel(pane).turnStarted();
    }

    /** Drops every queued (not yet typed) letter of journal {@code journal}: it fails with {@code why}. */
    public void withdraw(String journal, String why) {
        channels.values().forEach(c -> c.withdraw(l -> l.journal().equals(journal), why));
    }

    /** The pane ended; its queued messages fail and nothing more is typed into it. */
    public void gone(String pane) {
        Channel channel = channels.remove(pane);
        if (channel != null) {
            channel.gone();
        }
        // a daemon outlives many panes: nothing of an ended one is kept
        deliverer.forget(pane);
    }

    /** The pane's delivery picture, if anything was ever sent to it. */
    public Optional<MailboxStatus> status(String pane) {
        return Optional.ofNullable(channels.get(pane)).map(Channel::status);
    }

    /** Every pane's delivery picture. */
    public List<MailboxStatus> all() {
        return channels.values().stream().map(Channel::status).toList();
    }

    private Channel channel(String pane) {
        Channel channel = channels.get(pane);
        return channel != null ? channel : channels.computeIfAbsent(pane, p -> channel(p, recognise(p)));
    }

    /** A member's channel: typed into with {@code profile}, through its harness's door if it has one. */
    private Channel channel(String pane, Profile profile) {
        return new Channel(
                box(pane, profile), harness -> !remote(pane) && doors.has(harness), box -> doorBox(pane, box));
    }

    private DoorBox doorBox(String pane, Mailbox box) {
        return new DoorBox(
                pane,
                () -> doors.open(box.profile().name(), pane, () -> pidOf(pane)),
                box,
                clock,
                ledger,
                new DoorHooks() {
                    @Override
                    public void handing(String p, String text) {
                        beforeTyping.accept(p, text);
                    }

                    @Override
                    public void turnStarted(String p) {
                        box.turnStarted();
                    }

                    @Override
                    public void turnEnded(String p, String how) {
                        box.turnEnded(how);
                    }
                },
                new DoorPatience(doorPatience, clock, executor, timer));
    }

    private OptionalLong pidOf(String pane) {
        try {
            return tmux.panes().stream()
                    .filter(p -> p.id().equals(pane))
                    .mapToLong(p -> p.pid())
                    .findFirst();
        } catch (TmuxException e) {
            return OptionalLong.empty();
        }
    }

    /** Which profile {@code pane} is typed into with now (decided at each typing, from what runs in it). */
    private Profile current(String pane, Optional<Profile> known) {
        if (!pane.startsWith("%")) {
            return known.orElseGet(profiles::generic); // not a pane of this server: nothing to look at
        }
        try {
            Optional<dev.gather.tmux.Terminal> t = tmux.terminal(pane);
            if (t.isPresent()) {
                return profiles.forTerminal(t.get(), known);
            }
        } catch (TmuxException e) {
            // the driver could not say: as before, by the pane list
        }
        return known.orElseGet(() -> byPaneList(pane));
    }

    private Profile recognise(String pane) {
        return current(pane, Optional.empty());
    }

    private Profile byPaneList(String pane) {
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
                this::current,
                deliverer,
                executor,
                timer,
                clock,
                ledger,
                (p, text) -> beforeTyping.accept(p, text),
                p -> unreachable.forEach(l -> l.accept(p)));
    }

    /**
     * Waits up to {@code most} for the messages being typed to be typed: a daemon that stops
     * gracefully lets them land and journals how, rather than leave the next daemon a paste it can
     * only mark failed (it may have arrived).
     */
    public void finishTyping(java.time.Duration most) {
        long deadline = System.nanoTime() + most.toNanos();
        while (System.nanoTime() < deadline
                && all().stream().anyMatch(b -> b.typing().isPresent())) {
            java.util.concurrent.locks.LockSupport.parkNanos(
                    java.time.Duration.ofMillis(20).toNanos());
        }
    }

    @Override
    public void close() {
        closed = true;
        channels.values().forEach(c -> c.close(STOPPED)); // no sender waits for ever; nothing is journalled
        timer.shutdownNow();
        executor.shutdownNow();
        try {
            // a delivery interrupted mid-step writes its last step now, before the journals close
            executor.awaitTermination(2, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
