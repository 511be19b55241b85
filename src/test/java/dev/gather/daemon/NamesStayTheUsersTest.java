package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.client.DaemonClient;
import dev.gather.relay.Replies;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.testing.Beside;
import dev.gather.tmux.Pane;
import dev.gather.web.WebServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Members keep the names of the sessions the user made, however often gather has typed into them: status,
 * the web view, attributions and the journal name {@code simz} and {@code me}, never gather's own control
 * session, whose name in the user's {@code tmux ls} says plainly that it is gather's ({@code
 * gather-watching-…}), its own window called {@code gather}. The names sort after gather's session on
 * purpose: tmux listed a watched pane under gather's session first.
 */
@Beside
class NamesStayTheUsersTest {
    @RegisterExtension
    final Worlds worlds = Worlds.bare();

    World world;

    @Test
    void fiftyDeliveriesLaterEveryoneIsStillCalledWhatTheUserCalledThem() throws Exception {
        // they think a while: the views below are taken while the link is open (names show in status
        // only as a link's members), with half of its turns still to come
        Pane me = world.sim("me", "--think-ms", "250");
        Pane simz = world.sim("simz", "--think-ms", "250");
        String link = world.link(me, "simz", "hello simz");
        await().atMost(Duration.ofSeconds(120))
                .until(() -> world.entries(link, "relay").size() >= 20);
        String web = webStatus();
        String status = world.call(null, "status", World.args()).toString();
        for (String view : List.of(web, status)) {
            assertTrue(view.contains("\"simz\"") && view.contains("\"me\""), view);
            assertFalse(view.contains("gather-ctl"), view);
        }
        // the direct rhythm's 40 turns, then ten one-shots: 51 deliveries in all
        await().atMost(Duration.ofSeconds(120))
                .until(() -> !world.entries(link, "close").isEmpty());
        for (int i = 0; i < 10; i++) {
            JsonNode sent = world.tell(me, "simz", "note " + i);
            assertEquals("simz", sent.path("delivered").path(0).path("to").asText(), sent.toString());
        }
        Set<String> named = new TreeSet<>();
        for (JsonNode e : world.journal(link)) {
            named.add(e.path("from").asText("me"));
            e.path("to")
                    .forEach(t -> named.add(
                            t.isTextual() ? t.asText() : t.path("name").asText()));
        }
        world.entries(Replies.JOURNAL, "oneshot").forEach(e -> {
            named.add(e.path("from").asText());
            named.add(e.path("to").asText());
        });
        assertEquals(Set.of("me", "simz"), named);
        await().atMost(Duration.ofSeconds(20)).until(() -> world.screen(simz).contains("note 9"));
        assertTrue(world.screen(simz).contains("[me] (1):"), world.screen(simz));
        assertTrue(world.screen(me).contains("[simz] (2):"), world.screen(me));
        assertFalse((world.screen(simz) + world.screen(me)).contains("gather-ctl"));

        // gather's control session still borrows the watched windows (docs/architecture.md): watching
        // through a read-only client per user session crashed tmux 3.3a's server with 80 sessions; what
        // holds is that none of its names ever stands for a user's pane, and the user's tmux ls names it
        // plainly as gather's, its own window too (not a window called after the sh that keeps it open)
        for (String pane : tmuxLs("list-panes", "-a", "-F", "#{pane_id}")) {
            assertFalse(world.daemon.tmux.panes().stream()
                    .anyMatch(p -> p.id().equals(pane) && p.session().startsWith("gather-")));
        }
        List<String> ls = tmuxLs("ls");
        assertEquals(3, ls.size(), ls.toString());
        assertTrue(ls.get(0).startsWith("gather-watching-"), ls.toString());
        assertTrue(ls.get(1).startsWith("me: ") && ls.get(2).startsWith("simz: "), ls.toString());
        assertFalse(String.join("\n", ls).contains("gather-ctl"), ls.toString());
        List<String> ownWindows =
                tmuxLs("list-windows", "-a", "-F", "#{session_name} #{window_linked} #{window_name}").stream()
                        .filter(w -> w.startsWith("gather-") && w.contains(" 0 "))
                        .toList();
        assertEquals(1, ownWindows.size(), ownWindows.toString());
        assertTrue(ownWindows.get(0).endsWith(" 0 gather"), ownWindows.toString());
    }

    /** What the user's own tmux prints for {@code args} on this server. */
    private List<String> tmuxLs(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("tmux", "-L", world.socket));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        return out.lines().toList();
    }

    /** The web view's status, fetched as a browser does: the token once, then the cookie. */
    private String webStatus() throws Exception {
        try (WebServer web =
                WebServer.start(new DaemonClient(world.state, Optional.empty()), new RhythmLibrary(List.of()), 0)) {
            HttpClient http = HttpClient.newHttpClient();
            HttpResponse<Void> token = http.send(
                    HttpRequest.newBuilder(URI.create(web.url())).build(), HttpResponse.BodyHandlers.discarding());
            String cookie =
                    token.headers().firstValue("Set-Cookie").orElseThrow().split(";")[0];
            HttpResponse<String> status = http.send(
                    HttpRequest.newBuilder(URI.create(web.base() + "/api/status"))
                            .header("Cookie", cookie)
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, status.statusCode(), status.body());
            return status.body();
        }
    }
}
