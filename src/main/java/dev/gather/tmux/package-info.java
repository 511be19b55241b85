/**
 * The tmux driver and safe delivery into terminals.
 *
 * <p>Get a driver with {@link dev.gather.tmux.Tmuxes#connect()} (control mode, exec fallback; the
 * socket comes from {@code GATHER_TMUX_SOCKET}, else from the caller's {@code $TMUX}). Type a message into panes with {@link
 * dev.gather.tmux.Deliverer} (sanitize, defuse per {@link dev.gather.tmux.HarnessQuirks}, one
 * bracketed paste, Enter verified), which returns a {@link dev.gather.tmux.DeliveryResult} instead
 * of throwing. Follow a pane's screen with {@link dev.gather.tmux.PaneOutput}. Tests above this
 * package use {@code FakeTmux} from the test sources.
 */
package dev.gather.tmux;
