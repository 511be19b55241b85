package dev.gather.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gather.client.DaemonClient;
import dev.gather.home.StateDir;
import dev.gather.rhythm.RhythmLibrary;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The token address sends the browser on to a path of this server, never to another host. */
class TokenRedirectTest {
    @TempDir
    Path state;

    WebServer web;

    @BeforeEach
    void start() throws Exception {
        // the redirect needs no daemon: it is answered before anything is asked of one
        web = WebServer.start(new DaemonClient(new StateDir(state), Optional.empty()), new RhythmLibrary(List.of()), 0);
    }

    @AfterEach
    void stop() {
        web.close();
    }

    @ParameterizedTest
    @CsvSource({
        "/, /",
        "/rhythms, /rhythms",
        "/%2F%2Fevil, /%2F%2Fevil",
        "/%2f%2fevil.example/x, /%2f%2fevil.example/x",
        "///evil, /evil",
        "/%5C%5Cevil, /%5C%5Cevil",
        "/a%0D%0ALocation:%20x, /a%0D%0ALocation:%20x",
    })
    void theTokenAddressRedirectsOnlyToAPathHere(String path, String location) throws Exception {
        HttpResponse<Void> r = get(path);
        assertEquals(303, r.statusCode());
        assertEquals(location, r.headers().firstValue("Location").orElseThrow());
    }

    @Test
    void anAddressWhosePathNamesAHostIsNotSentOn() throws Exception {
        // the server reads "//evil" as an authority with no path: nothing here answers it, and nothing redirects
        HttpResponse<Void> r = get("//evil");
        assertEquals(Optional.empty(), r.headers().firstValue("Location"));
    }

    private HttpResponse<Void> get(String path) throws Exception {
        String token = URI.create(web.url()).getRawQuery();
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(web.base() + path + "?" + token))
                                .build(),
                        HttpResponse.BodyHandlers.discarding());
    }

    @ParameterizedTest
    @CsvSource({"//evil/x", "evil", "/%2F/x/../..//evil"})
    void aPathABrowserCouldReadAsAnotherHostLandsOnTheFrontPage(String target) {
        String landing = Guard.landing(URI.create(target));
        assertEquals(false, landing.startsWith("//") || !landing.startsWith("/"), landing);
    }
}
