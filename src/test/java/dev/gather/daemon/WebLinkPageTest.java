package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.rhythm.RhythmLint;
import dev.gather.testing.Slow;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * A direct link of two sims is live on its own page and its journal once closed; the rhythms page
 * shows the user's own rhythms with their lint verdicts.
 */
@Slow
class WebLinkPageTest extends WebPages {
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
        List<String> lint =
                RhythmLint.check(broken).stream().map(Object::toString).toList();
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
        browser.click(".card.link[data-id='" + link + "'] a");
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
}
