package dev.gather.delivery;

import dev.gather.door.Doors;
import dev.gather.process.Threads;
import dev.gather.profile.Profile;
import dev.gather.profile.Profiles;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.DeliveryResult;
import dev.gather.tmux.Tmux;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Every member's delivery {@link Channel}, by pane. A pane's profile is decided each time gather types into it,
 * from what runs in it then ({@link Profiles#forTerminal}): a shell at its prompt always gets the
 * shell profile; else what started the pane (an agent kind), else the harness its hook events name,
 * else its foreground program, else generic.
 * A member whose harness has a door of its own ({@link Doors}) gets its messages through that door,
 * and typed whenever the door is absent or says no. What happens in the channels is told to the rest
 * of the daemon through one {@link Port}, given at construction.
 */
public final class PostOffice implements AutoCloseable {
    private final PaneLook panes;
    private final Deliverer deliverer;
    private final Profiles profiles;
    /** Why a letter still waiting when the post office closes fails (its journal keeps it for the next daemon). */
    static final String STOPPED = "gather stopped before it was delivered; the next daemon resumes it from the journal";

    private final Map<String, Channel> channels = new ConcurrentHashMap<>();
    private volatile boolean closed;
    /** The doors by harness: a registry, so a harness's door may be registered or replaced while members run. */
    private final Doors doors;
    /** How long a message handed through a door may go unseen taken before the harness's own record is asked. */
    private final Duration doorPatience;
    /** Types, watches screens and hands to doors for every member; bounded: a burst queues, it starts no thread each. */
    private final ExecutorService executor = Threads.bounded("gather-channel", 32);
    /** Only counts down the members' waits (screen grace, door patience); the work itself runs on {@link #executor}. */
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(Threads.named("gather-channel-timer"));

    /** What every channel shares; its port is the one way anything here is told to the rest of the daemon. */
    private final Office office;

    /** A post office that tells nobody what happens and types into every member (tools, benchmarks, tests). */
    public PostOffice(Tmux tmux, Deliverer deliverer, Profiles profiles, Clock clock, Ledger ledger) {
        this(tmux, deliverer, profiles, clock, ledger, Port.NONE, Doors.none());
    }

    /**
     * A post office that tells {@code port} what happens in its channels (typing, turn ends, handed,
     * taken, …), whose members get their messages through their harness's door in {@code doors}.
     */
    public PostOffice(
            Tmux tmux, Deliverer deliverer, Profiles profiles, Clock clock, Ledger ledger, Port port, Doors doors) {
        this(tmux, deliverer, profiles, clock, ledger, port, doors, DoorPatience.DEFAULT);
    }

    /**
     * As above; a message handed through a door and not seen taken for {@code doorPatience} (after it
     * was handed or after the member's last turn end) is looked for in the harness's own record.
     */
    public PostOffice(
            Tmux tmux,
            Deliverer deliverer,
            Profiles profiles,
            Clock clock,
            Ledger ledger,
            Port port,
            Doors doors,
            Duration doorPatience) {
        this.panes = new PaneLook(tmux, profiles);
        this.deliverer = deliverer;
        this.profiles = profiles;
        this.doors = doors;
        this.doorPatience = doorPatience;
        this.office = new Office(deliverer, executor, timer, clock, ledger, port);
    }

    /** The doors its members are reached through, by harness: register one, and members use it from then on. */
    public Doors doors() {
        return doors;
    }

    public Profiles profiles() {
        return profiles;
    }

    /** A pane we started running {@code profile}'s harness: nothing is typed before it is ready. */
    public void started(String pane, Profile profile) {
        Channel channel = channels.get(pane);
        (channel != null ? channel : opened(pane, profile)).recognition().explicit(profile);
    }

    /** Queues {@code letter} for {@code pane}; the future completes once it was typed or taken, or failed. */
    public CompletableFuture<DeliveryResult> post(String pane, Letter letter) {
        if (closed) {
            return CompletableFuture.completedFuture(new DeliveryResult.Failed(pane, STOPPED));
        }
        return channel(pane).post(letter);
    }

    /** {@code letter} was delivered by the last daemon, stopped before the turn on it ended: the next turn end confirms it. */
    public void delivered(String pane, Letter letter) {
        Channel channel = channel(pane);
        synchronized (channel) {
            channel.turns().adopt(letter, channel.profile());
        }
    }

    /** As {@link #delivered}, for a letter the last daemon handed to a door but never saw taken: never sent again. */
    public void handed(String pane, Letter letter) {
        Channel channel = channel(pane);
        synchronized (channel) {
            channel.turns().adoptHanded(letter);
        }
    }

    /** The profile {@code pane} is typed into with. */
    public Profile profileOf(String pane) {
        return remote(pane) ? profiles.generic() : channel(pane).profile();
    }

    /** A member on another computer ({@code computer:%pane}): its own daemon keeps its channel. */
    private static boolean remote(String pane) {
        return pane.indexOf(':') > 0;
    }

    /** {@code pane}'s harness ended a turn; {@code harness} names it when a hook said so. */
    public void turnEnded(String pane, Optional<String> harness, String how) {
        turnEnded(pane, harness, how, Optional.empty());
    }

    /** As above; {@code at}: when the turn ended by its hook's stamp (an earlier turn than the words being typed?). */
    public void turnEnded(String pane, Optional<String> harness, String how, Optional<Instant> at) {
        if (remote(pane)) {
            return;
        }
        Channel channel = channel(pane);
        harness.flatMap(profiles::get).ifPresent(channel.recognition()::learn);
        office.port().turnEnded(pane, how);
        channel.turnEnded(how, at);
    }

    /**
     * Reads what {@code pane}'s harness door shows of the letter it was handed, now: before a turn end
     * is judged by the letters it started with (Codex's notify can come before its door's poll, even
     * before its transcript holds the turn: the door then waits for it, two seconds at most). {@code turn}:
     * the harness's id for the turn that ended, where its hook named one; a letter its door saw taken by a
     * later turn then shows as still waiting, and that end leaves the member in the later turn.
     */
    public void look(String pane, Optional<String> turn) {
        Optional.ofNullable(channels.get(pane)).ifPresent(c -> c.look(turn));
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

    /** Whether {@code pane}'s harness was given up on (never ready in time) and showed no sign of life since. */
    public boolean unreachable(String pane) {
        Channel channel = channels.get(pane);
        if (channel == null) {
            return false;
        }
        synchronized (channel) {
            return channel.turns().gaveUp().isPresent();
        }
    }

    /** The pane's delivery picture, if anything was ever sent to it. */
    public Optional<ChannelStatus> status(String pane) {
        return Optional.ofNullable(channels.get(pane)).map(Channel::status);
    }

    /**
     * The pane's delivery picture as its turn that ended at {@code endedAt} saw it: words typed into
     * it after that end (the screen ended the turn before its hook was heard) still wait for a turn.
     */
    public Optional<ChannelStatus> statusAt(String pane, Instant endedAt) {
        return Optional.ofNullable(channels.get(pane)).map(c -> c.statusAt(endedAt));
    }

    /** Every pane's delivery picture. */
    public List<ChannelStatus> all() {
        return channels.values().stream().map(Channel::status).toList();
    }

    private Channel channel(String pane) {
        Channel channel = channels.get(pane);
        return channel != null ? channel : opened(pane, panes.recognise(pane));
    }

    /**
     * The pane's channel, made with {@code profile} if it has none yet. Built and opened outside the map's
     * compute, which holds a lock over other panes' channels: opening one watches its pane, which asks tmux.
     */
    private Channel opened(String pane, Profile profile) {
        Channel made = channel(pane, profile);
        Channel raced = channels.putIfAbsent(pane, made);
        if (raced != null) {
            return raced; // never opened: nothing of it to close
        }
        made.open();
        return made;
    }

    /** A member's channel: typed into with {@code profile}, through its harness's door when it has one. */
    private Channel channel(String pane, Profile profile) {
        return new Channel(
                pane,
                profile,
                panes::current,
                office,
                harness -> !remote(pane) && doors.has(harness),
                harness -> doors.open(harness, pane, () -> panes.pid(pane)),
                doorPatience);
    }

    /**
     * Waits up to {@code most} for the messages being typed to be typed, and for the doors still
     * answering to answer: a daemon that stops gracefully lets them land and journals how, rather than
     * leave the next daemon a paste it can only mark failed (it may have arrived), or a letter a
     * harness took that it would send again.
     */
    public void finishTyping(Duration most) {
        long deadline = System.nanoTime() + most.toNanos();
        while (System.nanoTime() < deadline && channels.values().stream().anyMatch(Channel::stepping)) {
            LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
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
            executor.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
