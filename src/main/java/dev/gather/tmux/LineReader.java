package dev.gather.tmux;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** Splits tmux's output into lines without a synchronized call per byte. */
final class LineReader {
    private final InputStream in;
    private final byte[] buf = new byte[1 << 16];
    private int pos;
    private int end;
    private final ByteArrayOutputStream partial = new ByteArrayOutputStream(256);

    LineReader(InputStream in) {
        this.in = in;
    }

    String next() throws IOException {
        while (true) {
            for (int i = pos; i < end; i++) {
                if (buf[i] == '\n') {
                    String line;
                    if (partial.size() == 0) {
                        line = new String(buf, pos, i - pos, StandardCharsets.ISO_8859_1);
                    } else {
                        partial.write(buf, pos, i - pos);
                        line = partial.toString(StandardCharsets.ISO_8859_1);
                        partial.reset();
                    }
                    pos = i + 1;
                    return line;
                }
            }
            partial.write(buf, pos, end - pos);
            pos = 0;
            end = in.read(buf);
            if (end < 0) {
                end = 0;
                return partial.size() == 0 ? null : partial.toString(StandardCharsets.ISO_8859_1);
            }
        }
    }
}
