package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.remote.Remote;
import dev.gather.testing.Beside;
import dev.gather.tmux.Pane;
import dev.gather.transport.Envelope;
import dev.gather.transport.Transport;
import dev.gather.transport.Transports;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.resps.StreamEntry;

/**
 * Someone who may write every Redis key but holds no remote key (docs/remote.md, the threat model)
 * forges each kind of envelope, replays real ones and deletes the liveness keys: nothing reaches a
 * pane or a link's journal, the link stays, and every forgery is journalled as rejected.
 */
@Beside
class RemoteForgeryTest extends TwoComputers {
    @Test
    void forgedReplayedAndMisaddressedEnvelopesChangeNothing() throws Exception {
        Pane ada = alpha.sim("Ada", "--reply-when", "never-matches");
        Pane bo = beta.sim("Bo", "--reply-when", "never-matches");
        Pane cy = beta.sim("Cy", "--reply-when", "never-matches"); // in no link at all
        String link = computers.linkAcross(ada, bo, "real");

        try (JedisPooled stranger = new JedisPooled(URI.create(redis.adminUrl()))) {
            String toAlpha = "gather:stream:alpha";
            String toBeta = "gather:stream:beta";
            String boAddress = "beta:" + bo.id();
            forge(
                    stranger,
                    toAlpha,
                    "turn",
                    "beta",
                    "{\"pane\":\"" + boAddress + "\",\"harness\":\"sim\",\"text\":\"FORGED as Bo\"}");
            forge(
                    stranger,
                    toAlpha,
                    "turn",
                    "beta",
                    "{\"pane\":\"" + ada.id() + "\",\"harness\":\"sim\",\"text\":\"FORGED as Ada\"}");
            forge(
                    stranger,
                    toBeta,
                    "deliver",
                    "alpha",
                    "{\"pane\":\"" + bo.id() + "\",\"journal\":\"" + link
                            + "\",\"ref\":99,\"to\":\"Bo\",\"text\":\"FORGED delivery\"}");
            forge(
                    stranger,
                    toBeta,
                    "deliver",
                    "alpha",
                    "{\"pane\":\"" + cy.id()
                            + "\",\"journal\":\"x\",\"ref\":1,\"to\":\"Cy\",\"text\":\"FORGED into Cy\"}");
            forge(stranger, toAlpha, "gone", "beta", "{\"pane\":\"" + boAddress + "\"}");
            forge(
                    stranger,
                    toAlpha,
                    "step",
                    "beta",
                    "{\"journal\":\"" + link + "\",\"ref\":1,\"to\":\"Bo\",\"pane\":\"" + boAddress
                            + "\",\"state\":\"confirmed\",\"detail\":\"FORGED step\"}");
            // a real envelope, copied: again into its own stream, and into the other computer's
            StreamEntry real = stranger.xrange(toBeta, (StreamEntryID) null, (StreamEntryID) null, 1)
                    .get(0);
            stranger.xadd(toBeta, StreamEntryID.NEW_ENTRY, real.getFields());
            stranger.xadd(toAlpha, StreamEntryID.NEW_ENTRY, real.getFields());
            // the liveness key, deleted and overwritten with an unsigned value
            stranger.del("gather:alive:beta");
            stranger.set("gather:alive:gamma", "99999999999999:forged");

            int forged = 8;
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> alpha.entries(Remote.REJECTED, "rejected").size()
                                    + beta.entries(Remote.REJECTED, "rejected").size()
                            == forged);
            // past the liveness window: a deleted key does not make beta look gone while it beats
            await().during(Duration.ofSeconds(12))
                    .atMost(Duration.ofSeconds(15))
                    .until(() -> alpha.entries(link, "left").isEmpty());
        }
        for (World w : List.of(alpha, beta)) {
            for (Pane p : List.of(ada, bo, cy)) {
                if ((w == alpha) == (p == ada)) {
                    assertFalse(w.screen(p).contains("FORGED"), p + " shows a forgery:\n" + w.screen(p));
                }
            }
            assertFalse(w.journal(link).toString().contains("FORGED"), "nothing forged in the link's journal");
        }
        assertEquals(List.of(), alpha.entries(link, "close"), "the link stays open");
        assertFalse(alpha.daemon.remote.reachable("gamma"), "an unsigned heartbeat is no heartbeat");
        List<JsonNode> rejected = alpha.entries(Remote.REJECTED, "rejected");
        assertTrue(rejected.stream().allMatch(e -> !e.path("why").asText().isBlank()), rejected.toString());
    }

    @Test
    void aPairedComputerSpeaksOnlyForItsOwnPanes() throws Exception {
        Pane ada = alpha.sim("Ada", "--reply-when", "never-matches");
        Pane bo = beta.sim("Bo", "--reply-when", "never-matches");
        Pane dee = beta.sim("Dee", "--reply-when", "never-matches");
        Pane eve = beta.sim("Eve", "--reply-when", "never-matches");
        String link = computers.linkAcross(ada, bo, "real");
        // Dee and Eve are linked on beta itself
        beta.link(dee, eve.id(), "hi Eve");

        Path gammaState = Files.createDirectories(home.resolve("gamma"));
        Computers.KEY.save(gammaState);
        try (Transport gamma = Transports.open(new Transports.Config("gamma", Optional.of(redis.url()), gammaState))) {
            gamma.send(
                    "alpha",
                    envelope(
                            "turn",
                            "{\"pane\":\"beta:" + bo.id()
                                    + "\",\"harness\":\"sim\",\"text\":\"FORGED as Bo\",\"time\":\"2026-01-01T00:00:00Z\"}"));
            gamma.send(
                    "alpha",
                    envelope(
                            "turn",
                            "{\"pane\":\"" + ada.id()
                                    + "\",\"harness\":\"sim\",\"text\":\"FORGED as Ada\",\"time\":\"2026-01-01T00:00:00Z\"}"));
            gamma.send("alpha", envelope("gone", "{\"pane\":\"beta:" + bo.id() + "\"}"));
            gamma.send(
                    "beta",
                    envelope(
                            "deliver",
                            "{\"pane\":\"" + eve.id()
                                    + "\",\"journal\":\"x\",\"ref\":1,\"to\":\"Eve\",\"text\":\"FORGED into Eve\"}"));
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> alpha.entries(Remote.REJECTED, "rejected").size() == 3
                            && beta.entries(Remote.REJECTED, "rejected").size() == 1);
        }
        assertFalse(beta.screen(eve).contains("FORGED"), beta.screen(eve));
        assertFalse(alpha.screen(ada).contains("FORGED"), alpha.screen(ada));
        assertFalse(alpha.journal(link).toString().contains("FORGED"));
        assertEquals(List.of(), alpha.entries(link, "left"), "Bo was not removed by gamma's 'gone'");
    }

    private static Envelope envelope(String kind, String body) throws Exception {
        return new Envelope(kind, "gamma", (ObjectNode) World.JSON.readTree(body));
    }

    /** An envelope as a stranger writes it: every field right, and a signature made up. */
    private static void forge(JedisPooled redis, String stream, String kind, String from, String body) {
        redis.xadd(
                stream,
                StreamEntryID.NEW_ENTRY,
                Map.of(
                        "kind",
                        kind,
                        "from",
                        from,
                        "to",
                        stream.substring(stream.lastIndexOf(':') + 1),
                        "seq",
                        String.valueOf(System.currentTimeMillis() * 1000 + 1_000_000_000L),
                        "body",
                        body,
                        "sig",
                        "bm90IGEgc2lnbmF0dXJl"));
    }
}
