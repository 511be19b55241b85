package dev.gather.relay;

import dev.gather.link.Link;
import dev.gather.link.Member;
import dev.gather.turn.NotTakenYet;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The turns of links that belong to a gathering, handed to it instead of relayed, and the wait for it
 * to take them. A turn from the spool that the gathering has not taken within the wait stays in the
 * spool, which hands it over again until it is journalled: handed again, it is not given to the
 * gathering a second time; its first handing is looked at instead, without waiting.
 */
final class Handing {
    /** A turn by what the spool hands again: the member's words that ended at {@code at} in {@code link}. */
    private record Key(String link, String member, Instant at) {}

    /** How long a turn still queued on a hung lane is remembered for a spool that does not hand it again. */
    private static final Duration FORGOTTEN_AFTER = Duration.ofHours(1);

    private final Duration within;
    private final Map<String, Interception> byLink = new ConcurrentHashMap<>();
    private final Map<Key, CompletableFuture<Void>> queued = new ConcurrentHashMap<>();

    Handing(Duration within) {
        this.within = within;
    }

    /** The turns of {@code link}'s members go to {@code gathering}. */
    void intercept(String link, Interception gathering) {
        byLink.put(link, gathering);
    }

    void closed(String link) {
        byLink.remove(link);
    }

    /**
     * Whether {@code link} belongs to a gathering, which was handed {@code member}'s words and took them;
     * its journal's refusal is thrown. {@code spooled}: the spool keeps the turn's file until this
     * returns, so one still queued throws {@link NotTakenYet} (handed again, it is not given twice);
     * otherwise it is logged and left queued.
     */
    boolean hand(Link link, Member member, String words, Instant at, boolean spooled) {
        Interception gathering = byLink.get(link.id());
        if (gathering == null) {
            return false;
        }
        if (!spooled) {
            HandedOver.await(link.id(), gathering.heard(member, words, at));
            return true;
        }
        Key key = new Key(link.id(), member.name(), at);
        CompletableFuture<Void> before = queued.remove(key);
        CompletableFuture<Void> taken = before != null ? before : gathering.heard(member, words, at);
        try {
            HandedOver.within(link.id(), taken, before != null ? Duration.ZERO : within);
        } catch (NotTakenYet e) {
            // a pane's link that closed meanwhile is not handed again: its entry goes with age
            queued.entrySet()
                    .removeIf(q -> q.getValue().isDone() && q.getKey().at().isBefore(at.minus(FORGOTTEN_AFTER)));
            queued.put(key, taken);
            throw e;
        }
        return true;
    }
}
