package dev.gather.turn;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.UUID;

/**
 * Drops a hook event for a writer that ends before the daemon may take it (the Java hook, which a
 * harness ends when it stops waiting): a small holder process it starts opens the file first and
 * keeps it open until the daemon took it, for up to an hour, ignoring the hang-up and termination a
 * harness sends its hook. The header names the holder first; the daemon believes it while that
 * process holds the very file, and finds the pane from its parents or, once the hook is gone, its
 * session (docs/security.md). bin/gather's shell hook does the same with a child of its own.
 */
final class SpoolHolder {
    /** Opens the file, says so, lets go of every pipe, then holds while it waits in the spool and a daemon ran. */
    private static final String HOLD = "exec 3<\"$1\" || exit 1; trap '' HUP INT TERM; echo held;"
            + " exec >/dev/null 2>&1 </dev/null; n=0;"
            + " while { [ -e \"$1\" ] || [ -e \"$2\" ]; } && [ -f \"$3\" ] && [ \"$n\" -lt 7200 ]; do"
            + " sleep 0.5 2>/dev/null || sleep 1; n=$((n + 1)); done";

    private SpoolHolder() {}

    static Path drop(Spool spool, HookEvent event, Path daemonLock) throws IOException {
        spool.create();
        String name =
                event.time().toEpochMilli() + "-" + ProcessHandle.current().pid() + "-" + UUID.randomUUID();
        Path temp = spool.staging().resolve(name);
        Path in = spool.incoming().resolve(name);
        Files.createFile(temp);
        Process holder;
        try {
            holder = new ProcessBuilder(List.of(
                            "sh", "-c", HOLD, "gather-hold", temp.toString(), in.toString(), daemonLock.toString()))
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            try (BufferedReader said =
                    new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8))) {
                if (!"held".equals(said.readLine())) {
                    throw new IOException("the process that holds a turn for the daemon could not open " + temp);
                }
            }
        } catch (IOException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
        try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
            ByteBuffer bytes = ByteBuffer.wrap(event.heldBy(holder.pid()).toBytes());
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
            return Files.move(temp, in, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temp); // the holder sees it gone and ends
            throw e;
        }
    }
}
