package dev.gather.relay;

import dev.gather.journal.JournalUnavailable;
import dev.gather.rhythm.Durations;
import dev.gather.turn.NotTakenYet;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** How the data path waits for a gathering to take what it was handed (a turn, a leaving) on its lane. */
public final class HandedOver {
    private static final Logger LOG = LoggerFactory.getLogger(HandedOver.class);

    /**
     * How long the data path waits for a gathering to take it: only its first journal entry is
     * waited for (the gathering's lane runs nothing slow), this bounds a lane that hangs.
     */
    static final Duration WITHIN = Duration.ofSeconds(30);

    private HandedOver() {}

    /** Waits for gathering {@code id} to take it; its journal's refusal is thrown on, anything else logged. */
    public static void await(String id, CompletableFuture<Void> taken) {
        try {
            within(id, taken, WITHIN);
        } catch (NotTakenYet e) {
            LOG.warn("{}; it stays queued there", e.getMessage());
        }
    }

    /**
     * Waits up to {@code wait} for gathering {@code id} to take it: its journal's refusal is thrown on,
     * {@link NotTakenYet} thrown when it is still queued, anything else logged.
     */
    static void within(String id, CompletableFuture<Void> taken, Duration wait) {
        try {
            taken.get(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | CompletionException e) {
            if (e.getCause() instanceof JournalUnavailable refused) {
                throw refused;
            }
            LOG.warn("gathering {} could not take what it was handed: {}", id, String.valueOf(e.getCause()));
        } catch (TimeoutException e) {
            throw new NotTakenYet("gathering " + id + " has not taken what it was handed "
                    + (wait.isZero() ? "yet" : "after " + Durations.format(wait)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
