package dev.gather.door;

import dev.gather.home.Ownership;
import dev.gather.process.Threads;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The Claude Code door of each pane, for the daemon's door registry: a pane whose own hooks carried
 * its session's messaging socket gets a {@link ClaudeSocketDoor}; one without has no Claude door
 * (keystrokes then). Owns the reply inboxes and the handing threads; close it with the daemon.
 */
public final class ClaudeDoors implements DoorFactory, AutoCloseable {
    private final Function<String, Optional<ClaudeMessaging>> learned;
    private volatile Function<String, Optional<Path>> transcripts = pane -> Optional.empty();
    private final ClaudeInboxes inboxes;
    private final ClaudeSocketDoor.Timing timing;
    private final ClaudeTraces traces = new ClaudeTraces();
    private final ClaudeIngress ingress = new ClaudeIngress();
    /** Hands messages: each waits at most its exchange, its receipt window and Claude's ingress bucket. */
    private final ExecutorService executor = Threads.bounded("gather-claude-door", 16);

    /**
     * @param learned the socket learned for a pane (the daemon's {@code SessionPanes::claudeMessaging})
     * @param late told of receipts that come after a handover was answered (a hold settled)
     */
    public ClaudeDoors(Function<String, Optional<ClaudeMessaging>> learned, Consumer<LateReceipt> late) {
        this(learned, late, ClaudeSocketDoor.Timing.DEFAULT);
    }

    public ClaudeDoors(
            Function<String, Optional<ClaudeMessaging>> learned,
            Consumer<LateReceipt> late,
            ClaudeSocketDoor.Timing timing) {
        this.learned = Objects.requireNonNull(learned, "learned");
        // a drop, refusal or settled hold that came after the door said handed: that parcel will never
        // be taken, and whoever waits for it hears why (the member's channel types it instead); a hold that
        // came after it: it waits for Claude's person, never typed as well. By reference, since a fan-out
        // hands the same words to other members whose Claude may have them queued
        this.inboxes = new ClaudeInboxes(receipt -> {
            if (receipt.handover() instanceof Handover.Refused r) {
                traces.declined(receipt.parcel().ref(), r.why());
            } else if (receipt.handover() instanceof Handover.Held h) {
                traces.held(receipt.parcel().ref(), h.why());
            }
            late.accept(receipt);
        });
        this.timing = Objects.requireNonNull(timing, "timing");
    }

    /** The door into {@code pane}'s Claude session, if its hooks told gather one and it is this user's alone. */
    public Optional<Door> forPane(String pane) {
        return learned.apply(pane)
                .filter(m -> untrusted(m).isEmpty())
                .map(m -> new ClaudeSocketDoor(m, inboxes, executor, timing));
    }

    /**
     * Why {@code m}'s socket is not used: another user's socket or folder, or a folder others may
     * write (Claude's shared fallback {@code /tmp/cc-socks} when there is no XDG_RUNTIME_DIR), where
     * whoever listens would get the session's token, the messages and gather's reply inbox.
     */
    private static Optional<String> untrusted(ClaudeMessaging m) {
        return Ownership.untrustedSocket(m.socket(), Ownership.me());
    }

    /**
     * As {@link #forPane}, with Claude's own evidence of each message ({@code traces}: the prompt hook
     * for taken, the next turn end for ended; the session's transcript when the hook was not seen).
     */
    public Optional<Door> forPane(String pane, ClaudeTraces traces) {
        return forPane(pane)
                .map(door -> new ClaudeTracedDoor(pane, door, traces, () -> transcripts.apply(pane), ingress));
    }

    /** From now on a pane's session transcript is found by {@code transcripts} (the daemon's {@code SessionPanes}). */
    public ClaudeDoors transcripts(Function<String, Optional<Path>> transcripts) {
        this.transcripts = Objects.requireNonNull(transcripts, "transcripts");
        return this;
    }

    /** Claude's evidence of each handed message: the daemon feeds it the prompt hooks and turn ends. */
    public ClaudeTraces traces() {
        return traces;
    }

    /** The door into {@code pane}, traced; absent (keystrokes) until the pane's own hooks told its socket. */
    @Override
    public Opening open(String pane, Supplier<OptionalLong> pid) {
        Optional<String> untrusted = learned.apply(pane).flatMap(ClaudeDoors::untrusted);
        if (untrusted.isPresent()) {
            return new Opening.Absent(
                    ClaudeSocketDoor.NAME, "Claude's messaging socket is not used: " + untrusted.get());
        }
        return forPane(pane, traces)
                .<Opening>map(Opening.Open::new)
                .orElseGet(() -> new Opening.Absent(
                        ClaudeSocketDoor.NAME,
                        "no messaging socket learned for " + pane + " yet (its hooks have not run)"));
    }

    @Override
    public void close() {
        executor.shutdownNow();
        inboxes.close();
    }
}
