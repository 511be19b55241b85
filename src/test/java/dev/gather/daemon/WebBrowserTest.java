package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.web.WebServer;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;

/**
 * gather web in a real browser (Debian's chromium, headless, through Selenium): a gathering of sims in
 * a private tmux shows live, the human member speaks and passes from the page, and nothing is served
 * without the token. One browser for the class; screenshots land in target/web/.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WebBrowserTest {
    /**
     * A speaker that thinks 3 s over each prompt and never passes: with a beat every 2 s, each beat it
     * answers is followed by one that falls due while it thinks.
     */
    private static final String SLOW =
            """
              slow-speaker: ["{gather}", sim, --name, "{name}", --think-ms, "3000", --reply-when, "(now with {name} |\\\\[Beat|Your turn is up)"]
            """;

    @TempDir
    static Path home;

    World world;
    WebServer web;
    Browser browser;

    @BeforeAll
    void start() throws Exception {
        Files.writeString(home.resolve("agents.yaml"), World.SIM_AGENTS + SLOW);
        // the user's own rhythms: one that lints clean, one that does not
        Path mine = Files.createDirectories(home.resolve("rhythms"));
        String minimal = Files.readString(Path.of("rhythms/minimal.yaml"));
        Files.writeString(mine.resolve("mine.yaml"), minimal.replace("name: minimal", "name: mine"));
        Files.writeString(
                mine.resolve("broken.yaml"),
                minimal.replace("name: minimal", "name: broken").replace("per_turn: 2", "per_turn: 0"));
        world = new World(home);
        web = WebServer.start(
                new DaemonClient(world.state, Optional.empty()),
                new RhythmLibrary(List.of(home.resolve("rhythms"))),
                0);
        browser = new Browser();
        // the token once, as a user opens the printed address: every test's pages have the cookie
        browser.driver.get(web.url());
    }

    @AfterAll
    void stop() throws Exception {
        try {
            if (browser != null) {
                browser.close();
            }
        } finally {
            if (web != null) {
                web.close();
            }
            world.close();
        }
    }

    @Test
    @Order(1)
    void aRequestWithoutTheTokenGetsNothing() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        String port = "" + web.port();
        for (String path : List.of("/", "/api/status", "/api/events?gathering=x", "/static/gathering.js")) {
            HttpResponse<String> none = http.send(get(path, Map.of()), HttpResponse.BodyHandlers.ofString());
            assertEquals(401, none.statusCode(), path);
            assertEquals("", none.body(), path);
            HttpResponse<String> wrong = http.send(
                    get(path, Map.of("Cookie", "gather_token_" + port + "=0123")),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(403, wrong.statusCode(), path);
            assertEquals("", wrong.body(), path);
        }
        HttpResponse<String> badUrlToken =
                http.send(get("/?token=guess", Map.of()), HttpResponse.BodyHandlers.ofString());
        assertEquals(403, badUrlToken.statusCode());
        assertTrue(badUrlToken.headers().allValues("Set-Cookie").isEmpty());

        // the real token, once: a cookie for what follows, and the token leaves the address
        HttpResponse<String> first =
                http.send(HttpRequest.newBuilder(URI.create(web.url())).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(303, first.statusCode());
        String cookie = first.headers().firstValue("Set-Cookie").orElseThrow();
        assertTrue(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), cookie);
        String jar = cookie.substring(0, cookie.indexOf(';'));
        assertEquals(
                200,
                http.send(get("/api/status", Map.of("Cookie", jar)), HttpResponse.BodyHandlers.ofString())
                        .statusCode());

        // with the cookie but from another origin, or addressed to another host: refused, with nothing
        HttpResponse<String> foreign = http.send(
                get("/api/status", Map.of("Cookie", jar, "Origin", "http://evil.example")),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(403, foreign.statusCode());
        assertEquals("", foreign.body());
        assertTrue(rawGet("/api/status", "evil.example", jar).startsWith("HTTP/1.1 403"), "a rebound Host is refused");

        // a change needs the token header and an Origin, not only the cookie a form post would carry
        HttpResponse<String> csrf = http.send(
                HttpRequest.newBuilder(URI.create(web.base() + "/api/end"))
                        .header("Cookie", jar)
                        .header("Origin", web.base())
                        .POST(HttpRequest.BodyPublishers.ofString("{\"gathering\":\"g-x\"}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(403, csrf.statusCode());
        assertEquals("", csrf.body());
    }

    @Test
    @Order(2)
    void aGatheringOfSimsIsLiveAndTheHumanSpeaksAndPassesFromThePage() throws Exception {
        var driver = browser.driver;
        driver.get(web.url());
        // the token went into a cookie and out of the address bar
        await().atMost(Duration.ofSeconds(20))
                .until(() -> !driver.getCurrentUrl().contains("token="));

        ObjectNode args = World.args().put("rhythm", "minimal").put("beat_interval_seconds", 40);
        var ps = args.putArray("participants");
        ps.addObject().put("name", "Hu").put("role", "human");
        ps.addObject().put("name", "Ada").put("agent", "speaker");
        ps.addObject().put("name", "Bo").put("agent", "speaker");
        ps.addObject().put("name", "Hal").put("role", "harvester").put("agent", "harvester");
        JsonNode started = world.call(null, "start_gathering", args);
        assertTrue(started.path("ok").asBoolean(), started.toString());
        String id = started.path("gathering_id").asText();
        // the overview, open since before the start, shows it without a reload
        await().atMost(Duration.ofSeconds(20)).until(() -> present(".card.gathering[data-id='" + id + "']"));
        Map<String, String> panes = java.util.stream.StreamSupport.stream(
                        started.path("members").spliterator(), false)
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
        for (String name : List.of("Ada", "Bo", "Hal")) {
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> flat(world.tmux.capture(panes.get(name), 2000)).contains(words));
        }
        await().atMost(Duration.ofSeconds(20))
                .until(() -> relaysOnPage().stream().anyMatch(r -> r.contains("[Hu]") && r.contains(words)));

        driver.findElement(By.id("pass-button")).click();
        await().atMost(Duration.ofSeconds(20)).until(() -> holderOnPage().equals("Ada"));
        // the daemon moved it (Ada, a quick sim, may have passed on already): its journal says so
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
    }

    // read in one script each: the page redraws its lists as events arrive, so held elements go stale
    @Test
    @Order(3)
    void theStartFormShowsTheRhythmsRuleNextToTheFieldThenStartsAndEndNowCloses() throws Exception {
        var driver = browser.driver;
        driver.get(web.base() + "/");
        await().atMost(Duration.ofSeconds(20)).until(() -> present("#start-rhythm option[value='minimal']"));
        int before = world.call(null, "status", World.args()).path("gatherings").size();
        new org.openqa.selenium.support.ui.Select(driver.findElement(By.id("start-rhythm"))).selectByValue("minimal");
        driver.findElement(By.id("start-members")).sendKeys("Solo speaker");
        driver.findElement(By.cssSelector("#start button[type=submit]")).click();
        await().atMost(Duration.ofSeconds(20))
                .until(() -> text(".field-error[data-field='participants']").contains("needs 2 to 12 speakers"));
        assertEquals("", text(".field-error[data-field='rhythm']"), "the message sits next to the field it is about");
        assertEquals(
                before,
                world.call(null, "status", World.args()).path("gatherings").size(),
                "nothing started");
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

    private long countdownMs() {
        Object ms = browser.driver.executeScript(
                "const e = document.getElementById('next-beat'); return e && !e.hidden && e.dataset.ms ? Number(e.dataset.ms) : -1;");
        return ((Number) ms).longValue();
    }

    @Test
    @Order(4)
    void theRhythmsPageShowsTheUsersOwnRhythmsWithTheirLintVerdicts() throws Exception {
        var driver = browser.driver;
        driver.get(web.base() + "/rhythms");
        await().atMost(Duration.ofSeconds(20)).until(() -> present(".user-rhythm[data-name='broken']"));
        assertEquals("ok", text(".user-rhythm[data-name='mine'] .pill"));
        assertFalse(present(".user-rhythm[data-name='mine'] pre"), "a clean file has no errors to show");
        // the broken one is listed with its errors as gather lint prints them (file:line:column: message [rule])
        Path broken = home.resolve("rhythms/broken.yaml");
        List<String> lint = dev.gather.rhythm.RhythmLint.check(broken).stream()
                .map(Object::toString)
                .toList();
        assertFalse(lint.isEmpty());
        assertTrue(lint.get(0).startsWith(broken + ":10:"), lint::toString);
        assertTrue(lint.get(0).matches(".*per_turn.* \\[[\\w.-]+\\]"), lint::toString);
        assertEquals(String.join("\n", lint), text(".user-rhythm[data-name='broken'] pre"));
        assertEquals(
                lint.size() + " error" + (lint.size() == 1 ? "" : "s"), text(".user-rhythm[data-name='broken'] .pill"));
        // and among the installed ones, the good one as the user's own
        assertTrue(text(".card.rhythm[data-name='mine'] h3").contains("yours"));
        browser.screenshot("rhythms");
    }

    @Test
    @Order(5)
    void aDirectLinkOfTwoSimsIsLiveOnItsOwnPage() throws Exception {
        var driver = browser.driver;
        driver.get(web.base() + "/");
        await().atMost(Duration.ofSeconds(20)).until(() -> present("#links"));
        // slow thinkers: the link lasts while the page watches it
        var cy = world.startSim("Cy", "--think-ms", "600");
        var di = world.startSim("Di", "--think-ms", "600");
        await().atMost(Duration.ofSeconds(30))
                .until(() -> world.screen(cy).contains("Cy is ready.")
                        && world.screen(di).contains("Di is ready."));
        JsonNode sent = world.call(
                cy,
                "send",
                World.args().put("to", "Di").put("message", "Hello Di").put("direct", true));
        assertTrue(sent.path("ok").asBoolean(), sent.toString());
        String link = sent.path("link").path("id").asText();
        // the overview, open since before the link, shows it and leads to its page
        await().atMost(Duration.ofSeconds(20)).until(() -> present(".card.link[data-id='" + link + "'] a"));
        driver.findElement(By.cssSelector(".card.link[data-id='" + link + "'] a"))
                .click();
        await().atMost(Duration.ofSeconds(20)).until(() -> text("#state").equals("open"));
        await().atMost(Duration.ofSeconds(20))
                .until(() ->
                        present("#members tbody tr[data-name='Cy']") && present("#members tbody tr[data-name='Di']"));
        int seen = relaysOnPage().size();
        // turns relayed while the page is open arrive without a reload, each as the journal has it
        await().atMost(Duration.ofSeconds(60)).until(() -> relaysOnPage().size() >= seen + 2);
        List<String> onPage = relaysOnPage();
        List<JsonNode> relays = world.entries(link, "relay");
        for (int i = 0; i < onPage.size(); i++) {
            JsonNode r = relays.get(i);
            String shown = onPage.get(i);
            assertTrue(
                    shown.contains("[" + r.path("from").asText() + "]")
                            && shown.contains(r.path("text").asText().strip()),
                    () -> "relay " + r + " on the page as: " + shown);
        }
        assertTrue(onPage.get(0).contains("[Cy]") && onPage.get(0).contains("Hello Di"), onPage::toString);
        assertTrue(onPage.stream().anyMatch(r -> r.contains("[Di]")), onPage::toString);
        // each member's deliveries are counted as they happen
        await().atMost(Duration.ofSeconds(20))
                .until(() -> Integer.parseInt(text("#members tbody tr[data-name='Di'] td.delivered")) >= 1
                        && Integer.parseInt(text("#members tbody tr[data-name='Cy'] td.delivered")) >= 1);
        assertFalse(text("#members tbody tr[data-name='Di'] td.member-state").isEmpty());
        browser.screenshot("link");
        JsonNode closed = world.call(cy, "send", World.args().put("close_link", true));
        assertEquals(link, closed.path("closed").asText(), closed.toString());
        await().atMost(Duration.ofSeconds(20)).until(() -> text("#state").equals("closed"));
        // a finished link's page is its journal: every turn, and the members its entries name
        driver.navigate().refresh();
        await().atMost(Duration.ofSeconds(20)).until(() -> text("#state").equals("closed"));
        int journalled = world.entries(link, "relay").size();
        await().atMost(Duration.ofSeconds(20)).until(() -> relaysOnPage().size() == journalled);
        await().atMost(Duration.ofSeconds(20))
                .until(() -> text("#members tbody tr[data-name='Di'] td.member-state")
                                .equals("link closed")
                        && text("#members tbody tr[data-name='Cy'] td.member-state")
                                .equals("link closed"));
    }

    @Test
    @Order(6)
    void theCountdownSaysWhenTheBeatWaitsOnAHolderMidTurn() throws Exception {
        ObjectNode args = World.args()
                .put("rhythm", "minimal")
                .put("beat_interval_seconds", 2)
                .put("beats_per_turn", 9);
        var ps = args.putArray("participants");
        ps.addObject().put("name", "Ed").put("agent", "slow-speaker");
        ps.addObject().put("name", "Flo").put("agent", "speaker");
        JsonNode started = world.call(null, "start_gathering", args);
        assertTrue(started.path("ok").asBoolean(), started.toString());
        String id = started.path("gathering_id").asText();
        browser.driver.get(web.base() + "/gathering?id=" + id);
        // Ed thinks 3 s over the piece and each beat: the beat due meanwhile waits for him, and nothing is
        // journalled then; the page learns it from the status the server sends again after the beat's time
        untilOnPage(id, "the beat held", () -> text("#next-beat").equals("next beat held: the holder is mid-turn"));
        assertEquals("Ed", holderOnPage());
        // his words end the wait: the next beat is dated again and counted down
        untilOnPage(id, "a countdown again", () -> countdownMs() >= 0);
        assertEquals("Ed", holderOnPage(), "he never passes: the beats come to him");
        world.call(null, "end_gathering", World.args().put("gathering", id).put("now", true));
        await().atMost(Duration.ofSeconds(20)).until(() -> text("#state").equals("closed"));
        assertTrue(present("#next-beat[hidden]"), "no countdown once closed");
    }

    /** Waits for {@code what} on the gathering's page; if it never comes, says what the page and the daemon showed. */
    private void untilOnPage(String id, String what, java.util.concurrent.Callable<Boolean> condition)
            throws Exception {
        try {
            await().atMost(Duration.ofSeconds(30)).until(condition);
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            throw new AssertionError(
                    "never " + what + "; the page says '" + text("#next-beat") + "', state " + text("#state")
                            + ", holder " + holderOnPage() + "; the daemon: " + status(id) + "\njournal:\n"
                            + world.journal(id).stream().map(JsonNode::toString).collect(Collectors.joining("\n")),
                    e);
        }
    }

    /** The event stream itself carries seeds as markers: their words never reach the browser. */
    private void assertPrivateWordsStayOffTheStream(String id) throws Exception {
        HttpClient http = HttpClient.newBuilder()
                .cookieHandler(new java.net.CookieManager())
                .build();
        http.send(HttpRequest.newBuilder(URI.create(web.url())).build(), HttpResponse.BodyHandlers.discarding());
        HttpResponse<java.util.stream.Stream<String>> sse =
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

    private static JsonNode parse(String json) {
        try {
            return World.JSON.readTree(json);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + json, e);
        }
    }

    private String holderOnPage() {
        return (String) browser.driver.executeScript(
                "const e = document.querySelector('#order li.holder'); return e ? e.dataset.name : '';");
    }

    private List<String> relaysOnPage() {
        @SuppressWarnings("unchecked")
        List<String> texts = (List<String>) browser.driver.executeScript(
                "return [...document.querySelectorAll('#conversation li.relay')].map(e => e.innerText);");
        return texts;
    }

    private String text(String css) {
        return ((String) browser.driver.executeScript(
                        "const e = document.querySelector(arguments[0]); return e ? e.innerText : '';", css))
                .strip();
    }

    private boolean present(String css) {
        return (Boolean) browser.driver.executeScript("return document.querySelector(arguments[0]) !== null;", css);
    }

    private JsonNode status(String id) throws Exception {
        return world.call(null, "gathering_status", World.args().put("gathering", id));
    }

    /** A pane wraps long lines: compare without the line breaks tmux draws. */
    private static String flat(String screen) {
        return screen.replace("\n", "");
    }

    private HttpRequest get(String path, Map<String, String> headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(web.base() + path));
        headers.forEach(b::header);
        return b.build();
    }

    /** java.net.http will not send a Host of our choosing: a plain socket does. */
    private String rawGet(String path, String host, String cookie) throws Exception {
        try (Socket s = new Socket("127.0.0.1", web.port())) {
            OutputStream out = s.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nCookie: " + cookie
                            + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        }
    }
}
