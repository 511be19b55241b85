package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.rhythm.RhythmError;
import dev.gather.rhythm.RhythmLint;
import dev.gather.testing.Slow;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;

/**
 * The rhythms page as an editor, in a real browser: a shipped rhythm copied, broken and fixed as it is
 * typed (the lint marker at the error's line, then the rehearsal timeline), saved to
 * $GATHER_HOME/rhythms, and a gathering of sims started with it from the overview's form.
 */
@Slow
class RhythmEditorBrowserTest extends WebPages {
    @Test
    void aRhythmIsEditedLintedRehearsedSavedAndStarted() throws Exception {
        var driver = browser.driver;
        driver.get(web.base() + "/rhythms?edit=minimal");
        await().atMost(Duration.ofSeconds(20)).until(() -> value().contains("name: minimal"));
        assertTrue(readOnly(), "a shipped rhythm is read-only until copied");
        await().atMost(Duration.ofSeconds(20)).until(() -> text("#edit-verdict").equals("lints clean"));

        driver.findElement(By.id("edit-name")).clear();
        driver.findElement(By.id("edit-name")).sendKeys("standup-lite");
        driver.findElement(By.id("edit-copy")).click();
        await().atMost(Duration.ofSeconds(5)).until(() -> !readOnly() && value().contains("name: standup-lite"));

        // break it as an author would: a turn of no beats, typed over the 2 of per_turn
        int line = lineOf(value(), "per_turn: 2");
        typeAfter("per_turn: 2", Keys.BACK_SPACE, "0");
        String broken = value();
        List<RhythmError> expected = RhythmLint.checkText("standup-lite.yaml", broken);
        assertFalse(expected.isEmpty(), "per_turn 0 does not lint");
        assertEquals(line, expected.get(0).line(), expected::toString);
        await().atMost(Duration.ofSeconds(20))
                .until(() -> present("#edit-markers li[data-line='" + line + "']")
                        && present("#edit-gutter div.mark[data-line='" + line + "']"));
        String marker = text("#edit-markers li[data-line='" + line + "']");
        assertTrue(
                marker.startsWith("line " + line + ", column " + expected.get(0).column() + ": "), marker);
        assertTrue(marker.endsWith("[" + expected.get(0).rule() + "]"), marker);
        assertEquals("shown when the rhythm lints clean", text("#edit-rehearsal"));
        browser.screenshot("rhythm-editor-error");
        // a text that does not lint is never saved
        driver.findElement(By.id("edit-save")).click();
        await().atMost(Duration.ofSeconds(20)).until(() -> text("#edit-message").contains("does not lint"));
        assertFalse(Files.exists(home.resolve("rhythms/standup-lite.yaml")));

        typeAfter("per_turn: 0", Keys.BACK_SPACE, "2");
        await().atMost(Duration.ofSeconds(20)).until(() -> text("#edit-verdict").equals("lints clean"));
        assertFalse(present("#edit-markers li"), "the marker goes with the error");
        assertFalse(present("#edit-gutter div.mark"));
        // the rehearsal of the unsaved text: the seeds, a turn, and the harvest at the end
        await().atMost(Duration.ofSeconds(20)).until(() -> present("#edit-rehearsal ol.timeline li"));
        assertTrue(text("#edit-rehearsal").startsWith("finished after"), text("#edit-rehearsal"));
        assertTrue(present("#edit-rehearsal li[data-kind='private']"), "private prompts are on the timeline");
        assertTrue(present("#edit-rehearsal li[data-kind='harvest']"), "the harvest is on the timeline");
        assertTrue(present("#edit-diagram table.flow tr td"), "the diagram's steps");
        browser.screenshot("rhythm-editor");

        String saved = value();
        driver.findElement(By.id("edit-save")).click();
        await().atMost(Duration.ofSeconds(20)).until(() -> present("#edit-start"));
        Path file = home.resolve("rhythms/standup-lite.yaml");
        assertEquals(saved, Files.readString(file));
        assertEquals(List.of(), RhythmLint.check(file));

        // start a gathering with it from the overview's form, members as gather start -p takes them
        driver.findElement(By.id("edit-start")).click();
        await().atMost(Duration.ofSeconds(20)).until(() -> "standup-lite"
                .equals(browser.driver.executeScript(
                        "const s = document.getElementById('start-rhythm'); return s ? s.value : '';")));
        driver.findElement(By.id("start-members"))
                .sendKeys("Ada:speaker:speaker\nBo::speaker\nHal:harvester:harvester");
        driver.findElement(By.cssSelector("#start button[type=submit]")).click();
        await().atMost(Duration.ofSeconds(30))
                .until(() -> driver.getCurrentUrl().contains("/gathering?id="));
        String id = URI.create(driver.getCurrentUrl()).getQuery().replaceFirst("^id=", "");
        JsonNode status = status(id);
        assertEquals("standup-lite", status.path("rhythm").asText(), status::toString);
        await().atMost(Duration.ofSeconds(20)).until(() -> text("#rhythm").equals("standup-lite"));
        world.call(null, "end_gathering", World.args().put("gathering", id).put("now", true));
    }

    @Test
    void saveRefusesANameThatIsNotAPlainFileNameAndAChangeWithoutTheToken() throws Exception {
        HttpClient http =
                HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
        http.send(HttpRequest.newBuilder(URI.create(web.url())).build(), HttpResponse.BodyHandlers.discarding());
        String text = Files.readString(Path.of("rhythms/minimal.yaml"));
        for (String name : List.of("../escape", "/tmp/x", "Upper", "a/b")) {
            HttpResponse<String> a = save(http, name, text, true);
            assertEquals(400, a.statusCode(), name);
            assertTrue(a.body().contains("name:"), a.body());
        }
        assertEquals(403, save(http, "minimal", text, false).statusCode(), "a save needs the token header");
        assertFalse(Files.exists(home.resolve("escape.yaml")));
        assertFalse(Files.exists(home.resolve("rhythms/minimal.yaml")));
    }

    private HttpResponse<String> save(HttpClient http, String name, String text, boolean header) throws Exception {
        var body = World.JSON.createObjectNode().put("name", name).put("text", text);
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(web.base() + "/api/rhythm-save"))
                .header("Origin", web.base())
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
        if (header) {
            b.header("X-Gather-Token", web.url().substring(web.url().indexOf("token=") + "token=".length()));
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Puts the caret right after {@code anchor} in the editor and types there, as a person would. */
    private void typeAfter(String anchor, CharSequence... keys) {
        browser.driver.executeScript(
                "const t = document.getElementById('edit-text'); const at = t.value.indexOf(arguments[0])"
                        + " + arguments[0].length; t.focus(); t.setSelectionRange(at, at);",
                anchor);
        browser.driver.switchTo().activeElement().sendKeys(keys);
    }

    private static int lineOf(String text, String what) {
        return (int) text.substring(0, text.indexOf(what))
                        .chars()
                        .filter(c -> c == '\n')
                        .count()
                + 1;
    }

    private String value() {
        return (String) browser.driver.executeScript("return document.getElementById('edit-text').value;");
    }

    private boolean readOnly() {
        return (Boolean) browser.driver.executeScript("return document.getElementById('edit-text').readOnly;");
    }
}
