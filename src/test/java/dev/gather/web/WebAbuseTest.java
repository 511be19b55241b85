package dev.gather.web;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.client.DaemonClient;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.testing.Beside;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code gather web} with slow clients (issue 28): 3,000 connections that never finish their
 * headers made 3,016 threads. Here 300 hold their headers open on loopback; the server's threads
 * stay within its bound and a real request is still answered.
 */
@Beside
class WebAbuseTest {
    @Test
    void slowHeadersCannotMultiplyThreads() throws Exception {
        DaemonClient unused = DaemonClient.inDaemon(line -> "{\"ok\":true}", Optional.empty(), Optional.empty());
        List<Socket> slow = new ArrayList<>();
        try (WebServer web = WebServer.start(unused, RhythmLibrary.standard(), 0)) {
            for (int i = 0; i < 300; i++) {
                Socket s = new Socket(InetAddress.getLoopbackAddress(), web.port());
                OutputStream out = s.getOutputStream();
                out.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                slow.add(s);
            }
            HttpURLConnection real =
                    (HttpURLConnection) URI.create(web.base() + "/").toURL().openConnection();
            real.setConnectTimeout(60_000);
            // behind 300 slow clients on 64 workers, each let go after 5 s: about 25 s on a quiet machine
            real.setReadTimeout(120_000);
            int code = real.getResponseCode();
            assertTrue(code >= 200 && code < 500, "answered: " + code);
            // this server's own: another class's server in this JVM (WebStreamsTest's) has workers too
            long threads = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().equals(WebServer.workerName(web.port())))
                    .count();
            assertTrue(threads <= WebServer.WORKERS, threads + " web threads for 300 slow clients");
        } finally {
            for (Socket s : slow) {
                s.close();
            }
        }
    }
}
