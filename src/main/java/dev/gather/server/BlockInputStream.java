package dev.gather.server;

import java.io.IOException;
import java.io.InputStream;

/** An input stream that reads in blocks only: its one-byte read is a block read of one byte. */
public abstract class BlockInputStream extends InputStream {
    @Override
    public final int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public abstract int read(byte[] b, int off, int len) throws IOException;
}
