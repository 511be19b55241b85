package dev.gather.door;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.home.Ownership;
import java.io.IOException;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Claude Code's cross-session inbox as a door (2.1.224 and later; see docs/agents.md "Doors"): one
 * {@code user} line over the session's messaging socket, with gather's reply inbox as {@code from}.
 * Claude queues the message ({@code priority: later}) as a turn of its own after the current one,
 * never into the input box (a
 * person's draft stays) and never as an answer to a dialog. Claude answers an accepted message with
 * nothing; a hold or refusal with a receipt within milliseconds. So the handover waits a short
 * window: a receipt in it decides, silence means Claude took it into its queue.
 */
public final class ClaudeSocketDoor implements Door {
    /** The door's name in status, events and the web page. */
    public static final String NAME = "claude-socket";

    /** Claude closes a connection whose line passes 1 MiB; gather keeps well below. */
    static final int MAX_CHARS = 512 * 1024;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** How long the door may take: the exchange with the socket, and the window for a receipt. */
    public record Timing(Duration exchange, Duration receiptWindow) {
        public static final Timing DEFAULT = new Timing(Duration.ofSeconds(3), Duration.ofMillis(250));

        public Timing {
            Objects.requireNonNull(exchange, "exchange");
            Objects.requireNonNull(receiptWindow, "receiptWindow");
        }
    }

    private final ClaudeMessaging target;
    private final ClaudeInboxes inboxes;
    private final Executor executor;
    private final Timing timing;

    public ClaudeSocketDoor(ClaudeMessaging target, ClaudeInboxes inboxes, Executor executor, Timing timing) {
        this.target = Objects.requireNonNull(target, "target");
        this.inboxes = Objects.requireNonNull(inboxes, "inboxes");
        this.executor = Objects.requireNonNull(executor, "executor");
        this.timing = Objects.requireNonNull(timing, "timing");
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CompletableFuture<Handover> hand(Parcel parcel) {
        CompletableFuture<Handover> handing;
        try {
            handing = CompletableFuture.supplyAsync(() -> handNow(parcel), executor);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.completedFuture(
                    new Handover.Failed("the door is closed (the daemon is stopping)"));
        }
        return handing.exceptionally(
                e -> new Handover.Failed("Claude's messaging socket " + target.socket() + " could not be used: " + e));
    }

    private Handover handNow(Parcel parcel) {
        String text = parcel.text();
        if (text.isBlank()) {
            return new Handover.Refused("an empty message is not sent: Claude would drop it unread");
        }
        if (text.length() > MAX_CHARS) {
            return new Handover.Refused("the message has " + text.length()
                    + " characters; Claude's socket takes at most " + MAX_CHARS + " in one message");
        }
        // checked again as it is used: a socket swapped since the door opened gets nothing
        Optional<String> untrusted = Ownership.untrustedSocket(target.socket(), Ownership.me());
        if (untrusted.isPresent()) {
            return new Handover.Refused("Claude's messaging socket is not used: " + untrusted.get());
        }
        ClaudeInbox inbox;
        try {
            inbox = inboxes.in(target.socket().getParent());
        } catch (IOException | RuntimeException e) {
            return new Handover.Failed(
                    "gather could not open its reply inbox beside " + target.socket() + ": " + e.getMessage());
        }
        String id = UUID.randomUUID().toString();
        CompletableFuture<ClaudeReceipt> receipt = inbox.expect(id, parcel);
        try {
            UnixExchange.send(
                    target.socket(), lines(target.token(), text, inbox.address(), id), timing.exchange(), 64 * 1024);
            return answer(receipt);
        } catch (NoSuchFileException | SocketException e) {
            return new Handover.Failed("Claude's messaging socket " + target.socket()
                    + " does not answer (the session ended or restarted): " + e.getMessage());
        } catch (IOException e) {
            return new Handover.Failed("Claude's messaging socket " + target.socket() + " failed: " + e.getMessage());
        } catch (UnixExchange.Unanswered e) {
            // sent whole: a loaded Claude queues it and closes late (its model then got it twice when
            // gather typed it as well), so it counts as handed; its hook or transcript tells the rest
            return receipt.isDone()
                    ? answer(receipt)
                    : new Handover.Handed(NAME + ": sent whole; Claude did not close the connection within "
                            + timing.exchange().toMillis() + " ms");
        } catch (TimeoutException e) {
            return new Handover.Failed("Claude's messaging socket " + target.socket()
                    + " did not take the message within " + timing.exchange().toMillis() + " ms");
        } finally {
            inbox.stopWaiting(id);
        }
    }

    private Handover answer(CompletableFuture<ClaudeReceipt> receipt) {
        try {
            return receipt.get(timing.receiptWindow().toMillis(), TimeUnit.MILLISECONDS)
                    .handover();
        } catch (TimeoutException e) {
            return new Handover.Handed(NAME + ": in Claude's queue (no hold or refusal within "
                    + timing.receiptWindow().toMillis() + " ms)");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Handover.Failed("interrupted while waiting for Claude's receipt");
        } catch (ExecutionException e) {
            return new Handover.Failed("Claude's receipt could not be read: " + e.getCause());
        }
    }

    /** The auth line with the session's child token, then the message; {@code from} is where receipts go. */
    static byte[] lines(String token, String text, String from, String id) throws IOException {
        ObjectNode auth = JSON.createObjectNode().put("type", "auth").put("token", token);
        ObjectNode user = JSON.createObjectNode().put("type", "user");
        user.putObject("message").put("role", "user").put("content", text);
        // "later": after the turn in progress, as a turn of its own; Claude folds a "next" message
        // into a running turn at its next tool result, where it would join words not meant for it
        user.put("priority", "later").put("from", from).put("msg_id", id);
        return (JSON.writeValueAsString(auth) + "\n" + JSON.writeValueAsString(user) + "\n")
                .getBytes(StandardCharsets.UTF_8);
    }
}
