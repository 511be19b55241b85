package dev.gather.remote;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.link.Link;
import dev.gather.link.Links;
import dev.gather.transport.Envelope;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What a paired computer may ask of this one, even with a valid signature: speak, leave and report
 * only for its own panes in links here, deliver only into a pane in no link here, answer only spawns
 * it was asked for, end only what it had spawned.
 */
final class EnvelopePolicy {
    private static final Pattern LOCAL_PANE = Pattern.compile("%[0-9]+");
    private final Links links;
    private final RemoteSpawns spawns;

    EnvelopePolicy(Links links, RemoteSpawns spawns) {
        this.links = links;
        this.spawns = spawns;
    }

    /**
     * Why a signed envelope still asks for something its computer may not: another computer's pane or
     * a local one, a member it has no link with, a delivery nobody sent it. Empty when it may.
     */
    Optional<String> problem(Envelope e) {
        if (RemoteSpawns.handles(e.kind())) {
            return spawns.problem(e);
        }
        ObjectNode b = e.body();
        String pane = b.path("pane").asText();
        return switch (e.kind()) {
            case "deliver" -> !LOCAL_PANE.matcher(pane).matches()
                    ? Optional.of("'" + pane + "' is not a pane of this computer")
                    : links.byPane(pane).isPresent()
                            ? Optional.of("pane " + pane + " is a member of a link on this computer")
                            : Optional.empty();
            case "turn", "gone", "step" -> {
                if (!pane.startsWith(e.from() + ":")) {
                    yield Optional.of("computer " + e.from() + " spoke for '" + pane + "', not one of its own panes");
                }
                Optional<String> link = links.byPane(pane).map(Link::id);
                if (link.isEmpty()) {
                    yield Optional.of(pane + " is in no link here");
                }
                yield e.kind().equals("step")
                                && !link.get().equals(b.path("journal").asText())
                        ? Optional.of("a delivery step for " + b.path("journal").asText() + ", not " + pane + "'s link")
                        : Optional.empty();
            }
            default -> Optional.of("unknown kind '" + e.kind() + "'");
        };
    }
}
