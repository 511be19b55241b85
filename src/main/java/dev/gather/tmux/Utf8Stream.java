package dev.gather.tmux;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Decodes a byte stream that arrives in pieces; a character split across pieces is kept for the next. */
final class Utf8Stream {
    private final CharsetDecoder decoder = StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPLACE)
            .onUnmappableCharacter(CodingErrorAction.REPLACE);
    private byte[] carry = new byte[0];

    synchronized String feed(byte[] bytes) {
        ByteBuffer in = ByteBuffer.allocate(carry.length + bytes.length);
        in.put(carry).put(bytes).flip();
        CharBuffer out = CharBuffer.allocate(in.remaining() + 1);
        decoder.decode(in, out, false);
        carry = new byte[in.remaining()];
        in.get(carry);
        out.flip();
        return out.toString();
    }
}
