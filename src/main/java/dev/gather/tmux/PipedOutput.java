package dev.gather.tmux;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One pane's output for the exec driver: {@code pipe-pane -O} writes into a FIFO that a reader
 * thread drains, so output streams without polling.
 */
final class PipedOutput {
    private static final Logger LOG = LoggerFactory.getLogger(PipedOutput.class);
    private final String paneId;
    private final Path dir;
    private final List<Consumer<String>> sinks = new CopyOnWriteArrayList<>();
    private final Utf8Stream utf8 = new Utf8Stream();

    private PipedOutput(String paneId, Path dir) {
        this.paneId = paneId;
        this.dir = dir;
    }

    static PipedOutput start(ExecTmux tmux, String paneId) {
        try {
            Path dir = Files.createTempDirectory("gather-pipe-");
            Path fifo = dir.resolve("out");
            Process mk = new ProcessBuilder("mkfifo", "-m", "600", fifo.toString()).start();
            if (mk.waitFor() != 0) {
                throw new TmuxException("cannot create a FIFO in " + dir + " for pane " + paneId);
            }
            PipedOutput out = new PipedOutput(paneId, dir);
            Thread reader = new Thread(() -> out.read(fifo), "gather-tmux-pipe-" + paneId);
            reader.setDaemon(true);
            reader.start();
            // the single quotes are safe: the path comes from createTempDirectory, no quote inside
            try {
                tmux.run(List.of("pipe-pane", "-O", "-t", paneId, "cat > '" + fifo + "'"));
            } catch (TmuxException e) {
                release(fifo);
                throw e;
            }
            return out;
        } catch (IOException e) {
            throw new TmuxException("cannot stream output of pane " + paneId + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TmuxException("interrupted while preparing output of pane " + paneId, e);
        }
    }

    private void read(Path fifo) {
        try (InputStream in = Files.newInputStream(fifo)) {
            byte[] buf = new byte[8192];
            int n;
            while ((n = in.read(buf)) > 0) {
                String text = utf8.feed(Arrays.copyOf(buf, n));
                for (Consumer<String> sink : sinks) {
                    sink.accept(text);
                }
            }
        } catch (IOException e) {
            LOG.debug("output pipe of {} closed: {}", paneId, e.getMessage());
        } finally {
            deleteDir();
        }
    }

    void add(Consumer<String> sink) {
        sinks.add(sink);
    }

    /** Removes a sink; true when it was the last one. */
    boolean remove(Consumer<String> sink) {
        sinks.remove(sink);
        return sinks.isEmpty();
    }

    /** Stops tmux's pipe; its {@code cat} exits, the reader sees end of file and cleans up. */
    void stop(ExecTmux tmux) {
        try {
            tmux.run(List.of("pipe-pane", "-t", paneId));
        } catch (TmuxException e) {
            LOG.debug("closing output pipe of {}: {}", paneId, e.getMessage());
        }
    }

    /** Opens and closes the write end so a reader blocked in open() sees end of file. */
    private static void release(Path fifo) {
        try (var w = Files.newOutputStream(fifo, StandardOpenOption.WRITE)) {
            w.flush();
        } catch (IOException e) {
            LOG.debug("FIFO {} already gone", fifo);
        }
    }

    private void deleteDir() {
        try {
            Files.deleteIfExists(dir.resolve("out"));
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            LOG.debug("cannot remove {}: {}", dir, e.getMessage());
        }
    }
}
