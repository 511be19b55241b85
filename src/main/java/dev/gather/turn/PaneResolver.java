package dev.gather.turn;

import java.nio.file.Path;

/**
 * Decides which pane a hook event speaks for, from who wrote it rather than the pane it names
 * (the daemon's resolver walks the writer's processes up to a pane; see docs/architecture.md).
 */
@FunctionalInterface
public interface PaneResolver {
    /** Trusts the pane each event names: for tests and benchmarks that have no tmux to ask. */
    PaneResolver AS_NAMED = HookEvent::pane;

    /**
     * The pane {@code event} speaks for; throws {@link HookRejected} when its writer may not speak for
     * it, and {@link PanesUnavailable} when the panes cannot be looked at now.
     */
    String resolve(HookEvent event) throws HookRejected;

    /**
     * {@code event}, read from the spool file {@code file}, as far as its writer is proven: the daemon's
     * resolver proves who wrote the file and puts its writer's processes as they are now in place of
     * those the header lists, or throws {@link HookRejected} (see {@code identity.HookPanes}); this one
     * believes the header.
     */
    default HookEvent proven(HookEvent event, Path file) throws HookRejected {
        return event;
    }

    /**
     * Whether the writer of {@code event}, speaking from {@code writer} (what {@link #resolve} said),
     * may report another pane's turn: only a harness that runs every pane's turns in one shared
     * process does (Codex's background server, started in the first Codex pane). True here: a
     * resolver that trusts names trusts this too.
     */
    default boolean reportsForOthers(HookEvent event, String writer) {
        return true;
    }
}
