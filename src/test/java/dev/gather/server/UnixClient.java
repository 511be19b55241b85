package dev.gather.server;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** A test's client of a socket server on a unix socket: connect, send a line, read the answer line. */
final class UnixClient {
    private UnixClient() {}

    static SocketChannel connect(Path path) throws Exception {
        SocketChannel c = SocketChannel.open(StandardProtocolFamily.UNIX);
        c.connect(UnixDomainSocketAddress.of(path));
        return c;
    }

    /** Sends {@code line} and returns the answer line. */
    static String exchange(SocketChannel c, String line) throws Exception {
        Channels.newOutputStream(c).write((line + "\n").getBytes(StandardCharsets.UTF_8));
        return reader(c).readLine();
    }

    static BufferedReader reader(SocketChannel c) {
        return new BufferedReader(new InputStreamReader(Channels.newInputStream(c), StandardCharsets.UTF_8));
    }
}
