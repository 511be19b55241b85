package dev.gather.sim;

import dev.gather.turn.Spool;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/** Runs a simulated agent in the current tmux pane, reporting turn ends into the given spool. */
public final class SimMain {
    private SimMain() {}

    /**
     * @param pane this pane's {@code $TMUX_PANE}
     * @param passEvery say a pass phrase every so many replies (0: never)
     */
    public static void run(
            String name,
            Optional<String> next,
            int passEvery,
            List<String> script,
            Duration think,
            String pane,
            Path spool)
            throws IOException {
        SimAgent agent = new SimAgent(name, next, passEvery, script);
        PrintStream screen = System.out;
        SimReporter reporter = new SimReporter(new Spool(spool), pane, Clock.systemUTC());
        RawTerminal terminal = RawTerminal.enter();
        try {
            Thread restore = new Thread(() -> {
                screen.print(Sim.PASTE_OFF);
                screen.flush();
                try {
                    terminal.close();
                } catch (IOException e) {
                    // the terminal is gone with the pane; nothing to restore
                }
            });
            Runtime.getRuntime().addShutdownHook(restore);
            ScheduledExecutorService mind = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "gather-sim-mind");
                t.setDaemon(true);
                return t;
            });
            new Sim(agent, think, screen, reporter, mind).run(System.in);
            Runtime.getRuntime().removeShutdownHook(restore);
        } finally {
            terminal.close();
        }
    }
}
