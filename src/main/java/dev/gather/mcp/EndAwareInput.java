package dev.gather.mcp;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** An input stream that tells when it has ended, so `gather mcp` exits when its client goes away. */
public final class EndAwareInput extends FilterInputStream {
    private final CountDownLatch ended = new CountDownLatch(1);

    public EndAwareInput(InputStream in) {
        super(in);
    }

    @Override
    public int read() throws IOException {
        return seen(super.read());
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        try {
            return seen(super.read(b, off, len));
        } catch (IOException e) {
            ended.countDown();
            throw e;
        }
    }

    /** Closing it ends it too: a reader that gives up on the stream counts as its end. */
    @Override
    public void close() throws IOException {
        ended.countDown();
        super.close();
    }

    private int seen(int n) {
        if (n < 0) {
            ended.countDown();
        }
        return n;
    }

    /** Blocks until the stream has ended (end of file or a read error). */
    public void awaitEnd() throws InterruptedException {
        ended.await();
    }

    /** Waits at most {@code timeout}; true when the stream has ended. */
    public boolean awaitEnd(long timeout, TimeUnit unit) throws InterruptedException {
        return ended.await(timeout, unit);
    }
}
