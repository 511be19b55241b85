package dev.gather.remote;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.journal.Audit;
import dev.gather.journal.Entry;
import dev.gather.server.Dispatcher;
import dev.gather.server.UserError;
import dev.gather.transport.Envelope;
import dev.gather.transport.Transport;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Members spawned on another computer ({@code Name:role:kind@computer}). The gathering's owner asks
 * ({@code spawn}); that computer's daemon starts the kind from its own agents.yaml in its own tmux,
 * adopts the pane for the owner and answers ({@code spawned} or {@code spawn_failed}); when the
 * gathering closes the owner says {@code end}, and only a pane spawned for that owner is ended.
 */
public final class RemoteSpawns {
    private static final Logger LOG = LoggerFactory.getLogger(RemoteSpawns.class);
    static final Duration WAIT = Duration.ofSeconds(60);

    /** How this computer starts agents other computers ask for. */
    public interface Spawner {
        /** Why {@code kind} may not be started here for another computer; empty when it may. */
        Optional<String> refusal(String kind);

        /** Starts agent {@code kind} as member {@code name} of gathering {@code gathering}; returns its pane id. */
        String spawn(String gathering, String name, String kind);
    }

    /** Until {@link #use}, this computer starts nothing for others. */
    private static final Spawner NONE = new Spawner() {
        @Override
        public Optional<String> refusal(String kind) {
            return Optional.of("this daemon spawns nothing for other computers yet");
        }

        @Override
        public String spawn(String gathering, String name, String kind) {
            throw new IllegalStateException("this daemon spawns nothing for other computers yet");
        }
    };

    private final Transport transport;
    private final Map<String, CompletableFuture<String>> pending = new ConcurrentHashMap<>();
    private final SpawnedPanes spawnedFor;
    private volatile Spawner spawner = NONE;
    private volatile Consumer<String> killer = pane -> {};
    private final BiConsumer<String, String> adopt;
    private final Consumer<Entry> journal;

    /** {@code journal} keeps, on the asking side, each spawn another computer refused. */
    RemoteSpawns(Transport transport, BiConsumer<String, String> adopt, Consumer<Entry> journal, SpawnedPanes spawned) {
        this.transport = transport;
        this.adopt = adopt;
        this.journal = journal;
        this.spawnedFor = spawned;
        // spawned before a restart: their turns go to their owners again, and their owners may end them
        spawned.all().forEach(adopt);
    }

    /** How this daemon starts and ends agents others ask for (its own agents.yaml, its own tmux). */
    public void use(Spawner spawner, Consumer<String> killer) {
        this.spawner = spawner;
        this.killer = killer;
    }

    /** Owner side: member {@code name} spawned on {@code computer}; its address {@code computer:%pane}. */
    public String spawn(String computer, String gathering, String name, String kind) {
        CompletableFuture<String> answer = new CompletableFuture<>();
        pending.put(key(computer, gathering, name), answer);
        ObjectNode body = Dispatcher.JSON
                .createObjectNode()
                .put("gathering", gathering)
                .put("name", name)
                .put("kind", kind);
        transport.send(computer, new Envelope("spawn", transport.computer(), body));
        try {
            return answer.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new UserError("start_gathering: " + name + " on " + computer + ": "
                    + e.getCause().getMessage());
        } catch (TimeoutException e) {
            throw new UserError("start_gathering: " + name + " on " + computer + ": no answer within "
                    + WAIT.toSeconds() + " s from its daemon");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("start_gathering: interrupted while " + computer + " spawned " + name);
        } finally {
            pending.remove(key(computer, gathering, name));
        }
    }

    /** Owner side: the gathering closed; the member spawned at {@code address} ends. */
    public void end(String computer, String pane) {
        transport.send(
                computer,
                new Envelope(
                        "end",
                        transport.computer(),
                        Dispatcher.JSON.createObjectNode().put("pane", pane)));
    }

    /** Why a signed spawn-kind envelope asks for what its computer may not; empty when it may. */
    Optional<String> problem(Envelope e) {
        ObjectNode b = e.body();
        return switch (e.kind()) {
                // a paired computer starts only this computer's own kinds, never a command of its choosing
            case "spawn" -> spawner.refusal(b.path("kind").asText());
            case "spawned", "spawn_failed" -> pending.containsKey(key(
                            e.from(),
                            b.path("gathering").asText(),
                            b.path("name").asText()))
                    ? Optional.empty()
                    : Optional.of("an answer to a spawn nobody asked " + e.from() + " for");
            case "end" -> spawnedFor.owner(b.path("pane").asText()).equals(Optional.of(e.from()))
                    ? Optional.empty()
                    : Optional.of("pane " + b.path("pane").asText() + " was not spawned for " + e.from());
            default -> Optional.of("unknown kind '" + e.kind() + "'");
        };
    }

    /**
     * A {@code spawn} refused by this computer's policy: the asker is told at once why, so its
     * gathering does not wait for an answer that never comes, and journals the refusal too.
     */
    void refuse(Envelope e, String why) {
        ObjectNode b = e.body();
        ObjectNode answer = Dispatcher.JSON
                .createObjectNode()
                .put("gathering", b.path("gathering").asText())
                .put("name", b.path("name").asText())
                .put("kind", b.path("kind").asText())
                .put("refused", true)
                .put("why", why);
        transport.send(e.from(), new Envelope("spawn_failed", transport.computer(), answer));
    }

    /** Acts on a believed spawn-kind envelope. */
    void on(Envelope e) {
        ObjectNode b = e.body();
        String gathering = b.path("gathering").asText();
        String name = b.path("name").asText();
        switch (e.kind()) {
            case "spawn" -> {
                ObjectNode answer = Dispatcher.JSON
                        .createObjectNode()
                        .put("gathering", gathering)
                        .put("name", name);
                try {
                    String pane = spawner.spawn(gathering, name, b.path("kind").asText());
                    spawnedFor.spawned(pane, e.from(), gathering, name);
                    adopt.accept(pane, e.from());
                    transport.send(e.from(), new Envelope("spawned", transport.computer(), answer.put("pane", pane)));
                } catch (RuntimeException x) {
                    LOG.warn("cannot spawn {} for {}: {}", name, e.from(), x.getMessage());
                    transport.send(
                            e.from(),
                            new Envelope(
                                    "spawn_failed",
                                    transport.computer(),
                                    answer.put("why", String.valueOf(x.getMessage()))));
                }
            }
            case "spawned" -> Optional.ofNullable(pending.get(key(e.from(), gathering, name)))
                    .ifPresent(f -> f.complete(e.from() + ":" + b.path("pane").asText()));
            case "spawn_failed" -> {
                if (b.path("refused").asBoolean()) {
                    journal.accept(new Audit.SpawnRefused(
                            e.from(),
                            gathering,
                            name,
                            b.path("kind").asText(),
                            b.path("why").asText()));
                }
                Optional.ofNullable(pending.get(key(e.from(), gathering, name)))
                        .ifPresent(f -> f.completeExceptionally(
                                new IllegalStateException(b.path("why").asText())));
            }
            case "end" -> {
                String pane = b.path("pane").asText();
                killer.accept(pane);
                spawnedFor.ended(pane);
            }
            default -> throw new IllegalArgumentException(e.kind());
        }
    }

    /** Whether {@code kind} is one of these envelopes. */
    static boolean handles(String kind) {
        return kind.equals("spawn") || kind.equals("spawned") || kind.equals("spawn_failed") || kind.equals("end");
    }

    private static String key(String computer, String gathering, String name) {
        return computer + "|" + gathering + "|" + name;
    }
}
