package dev.gather.tmux;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Picks the tmux driver: control mode when it connects, otherwise one process per command. */
public final class Tmuxes {
    private static final Logger LOG = LoggerFactory.getLogger(Tmuxes.class);

    private Tmuxes() {}

    /** The driver for the server {@code config} names; never null. */
    public static Tmux connect(TmuxConfig config) {
        try {
            return ControlModeTmux.connect(config);
        } catch (TmuxException e) {
            LOG.warn(
                    "tmux control mode unavailable ({}); falling back to one tmux process per command", e.getMessage());
            return new ExecTmux(config);
        }
    }

    /** The driver for the server {@link TmuxConfig#fromEnv} picks: {@code GATHER_TMUX_SOCKET}, the caller's, or the default. */
    public static Tmux connect() {
        return connect(TmuxConfig.fromEnv(System.getenv()));
    }
}
