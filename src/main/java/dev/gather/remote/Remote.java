package dev.gather.remote;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.delivery.DeliveryState;
import dev.gather.delivery.Ledger;
import dev.gather.delivery.Letter;
import dev.gather.delivery.PostOffice;
import dev.gather.journal.Audit;
import dev.gather.journal.Entry;
import dev.gather.journal.Journals;
import dev.gather.journal.Message;
import dev.gather.link.Elsewhere;
import dev.gather.link.Links;
import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.relay.Relay;
import dev.gather.server.Dispatcher;
import dev.gather.server.UserError;
import dev.gather.tmux.DeliveryResult;
import dev.gather.transport.Envelope;
import dev.gather.transport.Rejected;
import dev.gather.transport.Transport;
import dev.gather.turn.TurnOutput;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Members on other computers. A link lives on the daemon that made it (its owner); a remote member
 * is addressed {@code computer:%pane}. The owner sends {@code deliver} envelopes; the member's
 * daemon types them through its own channel and reports each step back ({@code step}), forwards
 * the member's turn outputs ({@code turn}) and its pane ending ({@code gone}). A computer whose
 * liveness key expired loses its members as if their panes died.
 */
public final class Remote implements Elsewhere {
    private static final Logger LOG = LoggerFactory.getLogger(Remote.class);
    /** Journals of links owned elsewhere are named with this prefix on the member's computer. */
    public static final String REMOTE = "remote-";

    private static final Pattern ADDRESS = Pattern.compile("([A-Za-z0-9][A-Za-z0-9._-]{0,62}):(%[0-9]+)");

    /** Where a local pane's link lives: the owner's computer. */
    private record Owner(String computer) {}

    private final Transport transport;
    private final Links links;
    private final boolean configured;
    private final Journals journals;
    private final Ledger journal;
    private final Map<String, Owner> owners = new ConcurrentHashMap<>();
    private final Map<String, CompletableFuture<DeliveryResult>> waiting = new ConcurrentHashMap<>();
    private Relay relay;
    private PostOffice post;
    /** Members spawned on other computers, and those this computer spawns for others. */
    public final RemoteSpawns spawns;

    private final EnvelopePolicy policy;

    public Remote(Transport transport, boolean configured, Links links, Journals journals) {
        this.transport = transport;
        this.configured = configured;
        this.links = links;
        this.journals = journals;
        this.journal = Relay.ledger(journals);
        this.spawns = new RemoteSpawns(transport, this::adopt, this::journalRejected, new SpawnedPanes(journals));
        this.policy = new EnvelopePolicy(links, spawns);
    }

    /**
     * Completes the wiring once the relay and post office exist, starts receiving, and checks the
     * liveness of the computers of remote members every 3 s on {@code timers}.
     */
    public void start(Relay relay, PostOffice post, ScheduledExecutorService timers) {
        this.relay = relay;
        this.post = post;
        transport.receive(this::onEnvelope, this::rejected);
        Liveness liveness = new Liveness(transport, links, this::address, (computer, pane) -> {
            relay.leave(pane, "computer " + computer + " went away");
            failWaiting(computer, pane);
        });
        timers.scheduleWithFixedDelay(
                () -> {
                    try {
                        liveness.check();
                    } catch (RuntimeException e) {
                        LOG.warn("liveness check failed: {}", e.toString());
                    }
                },
                3,
                3,
                TimeUnit.SECONDS);
    }

    /** {@code computer:%pane} on another computer, split; empty for a local pane or anything else. */
    public Optional<String[]> address(String pane) {
        Matcher m = ADDRESS.matcher(pane);
        if (!m.matches() || m.group(1).equals(transport.computer())) {
            return Optional.empty();
        }
        return Optional.of(new String[] {m.group(1), m.group(2)});
    }

    @Override
    public boolean holds(String pane) {
        return address(pane).isPresent();
    }

    /** Whether {@code computer}'s daemon is there. */
    public boolean reachable(String computer) {
        return transport.alive(computer);
    }

    /** Throws a user error for {@code op} unless {@code computer}'s daemon is there. */
    public void requireReachable(String computer, String op) {
        if (!reachable(computer)) {
            throw new UserError(op + ": computer " + computer + " is not reachable (no gather daemon alive there"
                    + (configured ? ")" : ", and no Redis URL is configured here)"));
        }
    }

    /** Owner side: hands a letter for a remote member to its computer; completes when it was typed, or failed. */
    @Override
    public CompletableFuture<DeliveryResult> deliver(String pane, Letter letter) {
        String[] a = address(pane).orElseThrow(() -> new IllegalArgumentException("not a remote pane: " + pane));
        CompletableFuture<DeliveryResult> done = new CompletableFuture<>();
        waiting.put(key(a[0], letter.journal(), letter.ref(), letter.to()), done);
        ObjectNode body = Dispatcher.JSON
                .createObjectNode()
                .put("pane", a[1])
                .put("journal", letter.journal())
                .put("ref", letter.ref())
                .put("to", letter.to())
                .put("text", letter.text());
        transport.send(a[0], new Envelope("deliver", transport.computer(), body));
        return done;
    }

    /**
     * The member side's ledger: steps of letters from another computer are also reported to it, so
     * the owner's journal shows them as for a local member.
     */
    public Ledger forwarding(Ledger local) {
        return (letter, pane, state, detail) -> {
            local.record(letter, pane, state, detail);
            Owner owner = owners.get(pane);
            if (owner != null && letter.journal().startsWith(REMOTE)) {
                ObjectNode body = Dispatcher.JSON
                        .createObjectNode()
                        .put("journal", letter.journal().substring(REMOTE.length()))
                        .put("ref", letter.ref())
                        .put("to", letter.to())
                        .put("pane", transport.computer() + ":" + pane)
                        .put("state", state.word())
                        .put("detail", detail);
                transport.send(owner.computer(), new Envelope("step", transport.computer(), body));
            }
        };
    }

    /** Member side: {@code pane} is a member of a link owned by {@code computer}. */
    public void adopt(String pane, String computer) {
        owners.put(pane, new Owner(computer));
    }

    /** Member side: a turn output from a pane in no local link goes to the link's owner, if it has one. */
    public void unlinkedTurn(TurnOutput output) {
        Owner owner = owners.get(output.pane());
        if (owner == null) {
            return;
        }
        ObjectNode body = Dispatcher.JSON
                .createObjectNode()
                .put("pane", transport.computer() + ":" + output.pane())
                .put("harness", output.harness())
                .put("text", output.text())
                .put("time", output.time().toString());
        transport.send(owner.computer(), new Envelope("turn", transport.computer(), body));
    }

    /** Member side: a pane ended; its owner must drop the member. */
    public void paneGone(String pane) {
        Owner owner = owners.remove(pane);
        if (owner != null) {
            ObjectNode body = Dispatcher.JSON.createObjectNode().put("pane", transport.computer() + ":" + pane);
            transport.send(owner.computer(), new Envelope("gone", transport.computer(), body));
        }
    }

    /** The journal where envelopes that were not believed are kept, one entry each. */
    public static final String REJECTED = "remote-rejected";

    /** An envelope refused by the transport (signature, recipient, replay) or by {@link #problem}. */
    private void rejected(Rejected r) {
        journalRejected(new Audit.Rejected(r.id(), r.kind(), r.claimedFrom(), r.why()));
    }

    private void journalRejected(Entry entry) {
        try {
            journals.of(REJECTED).append(entry);
        } catch (RuntimeException x) {
            LOG.warn("cannot journal a refused envelope ({}): {}", entry, x.getMessage());
        }
    }

    private void onEnvelope(Envelope e) {
        ObjectNode b = e.body();
        Optional<String> problem = policy.problem(e);
        if (problem.isPresent()) {
            LOG.warn("envelope {} from {} refused: {}", e.kind(), e.from(), problem.get());
            rejected(new Rejected("", e.kind(), e.from(), problem.get()));
            if (e.kind().equals("spawn")) {
                spawns.refuse(e, problem.get());
            }
            return;
        }
        if (RemoteSpawns.handles(e.kind())) {
            spawns.on(e);
            return;
        }
        switch (e.kind()) {
            case "deliver" -> {
                String pane = b.path("pane").asText();
                adopt(pane, e.from());
                // the journal name marks the letter as another computer's link
                Letter letter = new Letter(
                        REMOTE + b.path("journal").asText(),
                        b.path("ref").asLong(),
                        b.path("to").asText(),
                        b.path("text").asText());
                // journalled (forced) before it is typed or acknowledged: a restart here loses nothing
                Message entry = Relay.address(
                        new Message.Remote(e.from(), letter.ref(), letter.to(), letter.text(), Map.of(), Map.of()),
                        List.of(Member.inPane(letter.to(), 1, Role.SPEAKER, pane)),
                        post);
                journals.of(letter.journal()).append(entry);
                post.post(pane, letter);
            }
            case "step" -> {
                Letter letter = new Letter(
                        b.path("journal").asText(),
                        b.path("ref").asLong(),
                        b.path("to").asText(),
                        "");
                DeliveryState state =
                        DeliveryState.valueOf(b.path("state").asText().toUpperCase(Locale.ROOT));
                journal.record(
                        letter, b.path("pane").asText(), state, b.path("detail").asText() + " on " + e.from());
                CompletableFuture<DeliveryResult> done =
                        state == DeliveryState.DELIVERED || state == DeliveryState.FAILED
                                ? waiting.remove(key(e.from(), letter.journal(), letter.ref(), letter.to()))
                                : null;
                if (done != null) {
                    done.complete(
                            state == DeliveryState.DELIVERED
                                    ? new DeliveryResult.Delivered(
                                            b.path("pane").asText(),
                                            Duration.ZERO,
                                            1,
                                            b.path("detail").asText())
                                    : new DeliveryResult.Failed(
                                            b.path("pane").asText(),
                                            b.path("detail").asText()));
                }
            }
            case "turn" -> relay.onTurnOutput(new TurnOutput(
                    b.path("pane").asText(),
                    b.path("harness").asText(),
                    b.path("text").asText(),
                    Instant.parse(b.path("time").asText(Instant.now().toString()))));
            case "gone" -> relay.paneGone(b.path("pane").asText());
            default -> LOG.warn("unknown envelope '{}' from {} ignored", e.kind(), e.from());
        }
    }

    private void failWaiting(String computer, String pane) {
        waiting.entrySet().removeIf(w -> {
            if (w.getKey().startsWith(computer + "|")) {
                w.getValue().complete(new DeliveryResult.PaneGone(pane));
                return true;
            }
            return false;
        });
    }

    private static String key(String computer, String journal, long ref, String to) {
        return computer + "|" + journal + "#" + ref + "/" + to;
    }
}
