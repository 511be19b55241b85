package dev.gather.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * The client half of an in-process stdio pair: JSON-RPC lines over two streams, as the SDK's
 * StdioClientTransport does over a child process's pipes.
 */
record PipeClientTransport(McpJsonMapper mapper, InputStream fromServer, OutputStream toServer)
        implements McpClientTransport {
    @Override
    public Mono<Void> connect(Function<Mono<JSONRPCMessage>, Mono<JSONRPCMessage>> handler) {
        return Mono.fromRunnable(() -> {
            Thread reader = new Thread(() -> read(handler), "pipe-client-reader");
            reader.setDaemon(true);
            reader.start();
        });
    }

    private void read(Function<Mono<JSONRPCMessage>, Mono<JSONRPCMessage>> handler) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(fromServer, StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                JSONRPCMessage message = McpSchema.deserializeJsonRpcMessage(mapper, line);
                Mono.just(message).transform(handler).subscribe();
            }
        } catch (IOException e) {
            // the pipe closed: the test is over
        }
    }

    @Override
    public Mono<Void> sendMessage(JSONRPCMessage message) {
        return Mono.fromRunnable(() -> send(message));
    }

    private void send(JSONRPCMessage message) {
        try {
            byte[] line = (mapper.writeValueAsString(message) + "\n").getBytes(StandardCharsets.UTF_8);
            synchronized (toServer) {
                toServer.write(line);
                toServer.flush();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.fromRunnable(() -> {
            try {
                toServer.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
        return mapper.convertValue(data, typeRef);
    }
}
