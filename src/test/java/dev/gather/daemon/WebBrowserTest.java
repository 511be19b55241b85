package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.testing.Slow;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.Select;

/**
 * A gathering of sims lives on its page: the human member speaks and passes from it, its start form
 * checks what it is given, and its countdown says when a beat waits on a holder mid-turn.
 */
@Slow
class WebBrowserTest extends WebPages {
    @Test
    @Order(2)
    void aGatheringOfSimsIsLiveAndTheHumanSpeaksAndPassesFromThePage() throws Exception {
        var driver = browser.driver;
        driver.get(web.url());
        // the token went into a cookie and out of the address bar
        await().atMost(Duration.ofSeconds(20))
                .until(() -> !driver.getCurrentUrl().contains("token="));

        String question = "What should the page show first?";
        ObjectNode args = World.args()
                .put("rhythm", "minimal")
                .put("beat_interval_seconds", 40)
                .put("question", question);
        // Ada thinks for 3 s before she answers and passes, so the page can be seen to give her the piece
        JsonNode started =
                Ceremonies.start(world, args, "Hu:human", "Ada::slow-passer", "Bo::speaker", "Hal:harvester:harvester");
        String id = started.path("gathering_id").asText();
        // the overview, open since before the start, shows it without a reload
        await().atMost(Duration.ofSeconds(20)).until(() -> present(".card.gathering[data-id='" + id + "']"));
        // the human member holds the piece first: its card says whose turn that is
        await().atMost(Duration.ofSeconds(20)).until(() -> text(".card.gathering[data-id='" + id + "'] .your-turn-pill")
                .equals("your turn"));
        Map<String, String> panes = StreamSupport.stream(started.path("members").spliterator(), false)
                .filter(m -> m.hasNonNull("pane"))
                .collect(Collectors.toMap(
                        m -> m.path("name").asText(), m -> m.path("pane").asText()));
        assertEquals(
                List.of("Ada", "Bo", "Hal"), panes.keySet().stream().sorted().toList());

        assertPrivateWordsStayOffTheStream(id);

        driver.get(web.base() + "/gathering?id=" + id);
        // the human holds the piece first: the page shows it lit, and every member with its state
        await().atMost(Duration.ofSeconds(30)).until(() -> holderOnPage().equals("Hu"));
        await().atMost(Duration.ofSeconds(30)).until(() -> present("#members tbody tr[data-name='Bo']"));
        assertTrue(text("#machine tr.current").contains("SPEAKING"), "the machine's current state is lit");
        // what the gathering is about, and that the piece is the person's at this page
        await().atMost(Duration.ofSeconds(20)).until(() -> text("#question").equals(question));
        assertEquals("minimal", text("#rhythm"));
        assertTrue(present("#your-turn:not([hidden])"), "the human holds the piece: a your-turn cue");
        assertTrue(text("#your-turn").startsWith("Your turn"), text("#your-turn"));
        assertCountdownRuns(id);
        assertTrue(present("#conversation li.marker"), "seeds as markers");
        assertFalse(
                text("#conversation").contains("Only the holder of the talking piece"),
                "a private prompt's words never reach the page");

        String words = "Browser words " + Long.toHexString(System.nanoTime()) + ": keep it small.";
        driver.findElement(By.id("say-text")).sendKeys(words);
        driver.findElement(By.id("say-button")).click();
        await().atMost(Duration.ofSeconds(20))
                .until(() -> text("#action-message").equals("said"));
        // the page shows the words as they are said; minimal hears in a digest, so the agents are
        // given them with their own next prompt (Ada: the piece), not now
        await().atMost(Duration.ofSeconds(20))
                .until(() -> relaysOnPage().stream().anyMatch(r -> r.contains("[Hu]") && r.contains(words)));

        driver.findElement(By.id("pass-button")).click();
        await().atMost(Duration.ofSeconds(20)).until(() -> holderOnPage().equals("Ada"));
        await().atMost(Duration.ofSeconds(60))
                .until(() -> flat(world.tmux.capture(panes.get("Ada"), 2000)).contains(words));
        assertTrue(present("#your-turn[hidden]"), "no cue once the piece is with an agent");
        // the daemon moved it: its journal says so
        assertTrue(
                world.entries(id, "announce").stream()
                        .anyMatch(e -> e.path("prompt").asText().equals("turn")
                                && e.path("member").asText().equals("Ada")),
                () -> "the piece went to Ada: " + world.journal(id));
        // Ada answers while the page is open: her words arrive without a reload
        await().atMost(Duration.ofSeconds(60))
                .until(() -> relaysOnPage().stream().anyMatch(r -> r.contains("[Ada]")));
        browser.screenshot("gathering");

        driver.get(web.base() + "/");
        await().atMost(Duration.ofSeconds(20)).until(() -> present(".card.gathering[data-id='" + id + "']"));
        browser.screenshot("overview");

        driver.get(web.base() + "/gathering?id=" + id);
        await().atMost(Duration.ofSeconds(20)).until(() -> !holderOnPage().isEmpty());
        // End asks the harvester first: its harvest shows on the page when it comes
        driver.findElement(By.id("end-button")).click();
        await().atMost(Duration.ofSeconds(60)).until(() -> text("#state").equals("closed"));
        await().atMost(Duration.ofSeconds(20)).until(() -> present("#harvest-section:not([hidden])"));
        assertEquals("by Hal", text("#harvest-by"));
        String harvest = world.entries(id, "harvest").get(0).path("text").asText();
        assertEquals(harvest.strip(), text("#harvest"));
        assertEquals("closed", status(id).path("state").asText());
        assertEquals("", text("#connection"), "a closed gathering is not live");
        // opened afresh, after it closed: its stream opens (which said "live") before its status comes
        driver.navigate().refresh();
        await().atMost(Duration.ofSeconds(20)).until(() -> text("#state").equals("closed"));
        await().atMost(Duration.ofSeconds(20)).until(() -> present("#harvest-section:not([hidden])"));
        assertEquals("", text("#connection"), "the page of a closed gathering says closed only");
    }

    /**
     * The daemon's status dates the holder's next beat (40 s after the turn began, by its clock) and the
     * page counts down to it.
     */
    private void assertCountdownRuns(String id) throws Exception {
        JsonNode s = status(id);
        assertTrue(s.path("next_beat_at").isNumber(), s::toString);
        long in = s.path("next_beat_at").asLong() - s.path("as_of").asLong();
        assertTrue(in > 0 && in <= 40_000, () -> "the next beat within the 40 s interval: " + s);
        await().atMost(Duration.ofSeconds(20)).until(() -> countdownMs() >= 0);
        long first = countdownMs();
        assertTrue(first <= 40_000, "counts from at most the interval: " + first);
        assertTrue(text("#next-beat").matches("next beat in \\d+ s"), text("#next-beat"));
        await().atMost(Duration.ofSeconds(10)).until(() -> countdownMs() >= 0 && countdownMs() <= first - 1500);
    }

    /** The event stream itself carries seeds as markers: their words never reach the browser. */
    private void assertPrivateWordsStayOffTheStream(String id) throws Exception {
        HttpClient http =
                HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
        http.send(HttpRequest.newBuilder(URI.create(web.url())).build(), HttpResponse.BodyHandlers.discarding());
        HttpResponse<Stream<String>> sse =
                http.send(get("/api/events?gathering=" + id, Map.of()), HttpResponse.BodyHandlers.ofLines());
        assertEquals(200, sse.statusCode());
        assertEquals(
                "text/event-stream; charset=utf-8",
                sse.headers().firstValue("Content-Type").orElse(""));
        try (var lines = sse.body()) {
            List<JsonNode> seeds = lines.filter(l -> l.startsWith("data: {") && l.contains("\"event\":\"seed\""))
                    .limit(4)
                    .map(l -> parse(l.substring("data: ".length())))
                    .toList();
            assertEquals(4, seeds.size(), "a seed for every member");
            for (JsonNode seed : seeds) {
                assertFalse(seed.has("text"), () -> "a seed's words reached the stream: " + seed);
                assertFalse(seed.path("to").asText().isEmpty(), seed::toString);
            }
        }
    }

    /** A pane wraps long lines: compare without the line breaks tmux draws. */
    private static String flat(String screen) {
        return screen.replace("\n", "");
    }

    @Test
    @Order(3)
    void theStartFormShowsTheRhythmsRuleNextToTheFieldThenStartsAndEndNowCloses() throws Exception {
        var driver = browser.driver;
        driver.get(web.base() + "/");
        await().atMost(Duration.ofSeconds(20)).until(() -> present("#start-rhythm option[value='minimal']"));
        int before = world.call(null, "status", World.args()).path("gatherings").size();
        new Select(driver.findElement(By.id("start-rhythm"))).selectByValue("minimal");
        driver.findElement(By.id("start-members")).sendKeys("Solo::speaker");
        driver.findElement(By.cssSelector("#start button[type=submit]")).click();
        await().atMost(Duration.ofSeconds(20))
                .until(() -> text(".field-error[data-field='participants']").contains("needs 2 to 12 speakers"));
        assertEquals("", text(".field-error[data-field='rhythm']"), "the message sits next to the field it is about");
        assertEquals(
                before,
                world.call(null, "status", World.args()).path("gatherings").size(),
                "nothing started");
    }

    @Test
    @Order(6)
    void theCountdownSaysWhenTheBeatWaitsOnAHolderMidTurn() throws Exception {
        ObjectNode args = World.args()
                .put("rhythm", "minimal")
                .put("beat_interval_seconds", 2)
                .put("beats_per_turn", 9);
        JsonNode started = Ceremonies.start(world, args, "Ed::slow-speaker", "Flo::speaker");
        String id = started.path("gathering_id").asText();
        browser.driver.get(web.base() + "/gathering?id=" + id);
        // Ed thinks 3 s over the piece and each beat: the beat due meanwhile waits for him, and nothing is
        // journalled then; the page learns it from the status the server sends again after the beat's time
        untilOnPage(id, "the beat held", () -> text("#next-beat").equals("next beat held: the holder is mid-turn"));
        // a member mid-turn (its channel busy) reads as thinking, not idle
        untilOnPage(id, "Ed thinking", () -> text("#members tbody tr[data-name='Ed'] td.member-state")
                .startsWith("thinking"));
        assertEquals("Ed", holderOnPage());
        // his words end the wait: the next beat is dated again and counted down
        untilOnPage(id, "a countdown again", () -> countdownMs() >= 0);
        assertEquals("Ed", holderOnPage(), "he never passes: the beats come to him");
        world.call(null, "end_gathering", World.args().put("gathering", id).put("now", true));
        await().atMost(Duration.ofSeconds(20)).until(() -> text("#state").equals("closed"));
        assertTrue(present("#next-beat[hidden]"), "no countdown once closed");
    }
}
