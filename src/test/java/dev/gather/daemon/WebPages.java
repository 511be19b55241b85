package dev.gather.daemon;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.client.DaemonClient;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.web.WebServer;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * gather web on a daemon of sims in a private tmux, opened in a real browser (Debian's chromium,
 * headless, through Selenium) that holds the token's cookie: what the web tests share. One browser
 * per class; screenshots land in target/web/.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class WebPages {
    /**
     * A speaker that thinks 3 s over each prompt and never passes: with a beat every 2 s, each beat it
     * answers is followed by one that falls due while it thinks.
     */
    static final String SLOW =
            """
              slow-speaker: ["{gather}", sim, --name, "{name}", --think-ms, "3000", --reply-when, "(now with {name} |\\\\[Beat|Your turn is up)"]
              slow-passer: ["{gather}", sim, --name, "{name}", --think-ms, "3000", --pass-after, "1", --reply-when, "(now with {name} |\\\\[Beat|Your turn is up)"]
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

    /** Waits for {@code what} on the gathering's page; if it never comes, says what the page and the daemon showed. */
    void untilOnPage(String id, String what, Callable<Boolean> condition) throws Exception {
        try {
            await().atMost(Duration.ofSeconds(30)).until(condition);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError(
                    "never " + what + "; the page says '" + text("#next-beat") + "', state " + text("#state")
                            + ", holder " + holderOnPage() + "; the daemon: " + status(id) + "\njournal:\n"
                            + world.journal(id).stream().map(JsonNode::toString).collect(Collectors.joining("\n")),
                    e);
        }
    }

    long countdownMs() {
        Object ms = browser.driver.executeScript(
                "const e = document.getElementById('next-beat'); return e && !e.hidden && e.dataset.ms ? Number(e.dataset.ms) : -1;");
        return ((Number) ms).longValue();
    }

    static JsonNode parse(String json) {
        try {
            return World.JSON.readTree(json);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + json, e);
        }
    }

    String holderOnPage() {
        return (String) browser.driver.executeScript(
                "const e = document.querySelector('#order li.holder'); return e ? e.dataset.name : '';");
    }

    List<String> relaysOnPage() {
        @SuppressWarnings("unchecked")
        List<String> texts = (List<String>) browser.driver.executeScript(
                "return [...document.querySelectorAll('#conversation li.relay')].map(e => e.innerText);");
        return texts;
    }

    String text(String css) {
        return browser.text(css);
    }

    boolean present(String css) {
        return browser.present(css);
    }

    JsonNode status(String id) throws Exception {
        return world.call(null, "gathering_status", World.args().put("gathering", id));
    }

    HttpRequest get(String path, Map<String, String> headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(web.base() + path));
        headers.forEach(b::header);
        return b.build();
    }
}
