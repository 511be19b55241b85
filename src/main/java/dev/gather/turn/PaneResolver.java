package dev.gather.turn;

/**
 * Decides which pane a hook event speaks for, from who wrote it rather than the pane it names
 * (the daemon's resolver walks the writer's processes up to a pane; see docs/architecture.md).
 */
@FunctionalInterface
public interface PaneResolver {
    /** Trusts the pane each event names: for tests and benchmarks that have no tmux to ask. */
    PaneResolver AS_NAMED = HookEvent::pane;

    /** The pane {@code event} speaks for; throws {@link HookRejected} when its writer may not speak for it. */
    String resolve(HookEvent event) throws HookRejected;
}
