package dev.gather.relay;

import dev.gather.link.Member;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;

/**
 * Where a link's members' turns go instead of being relayed (a gathering hears them): the words of
 * {@code member}'s turn, which ended at {@code endedAt} by its hook's stamp. Its future completes once
 * the words are journalled, or fails with {@link dev.gather.journal.JournalUnavailable}.
 */
@FunctionalInterface
public interface Interception {
    CompletableFuture<Void> heard(Member member, String words, Instant endedAt);
}
