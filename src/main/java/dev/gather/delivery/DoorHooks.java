package dev.gather.delivery;

/** What a {@link DoorBox} tells the rest of the post office. */
interface DoorHooks {
    /** {@code text} is about to enter {@code pane} through a door (so its echo can be told apart). */
    void handing(String pane, String text);

    /** A turn started in {@code pane} with a door's message: keystrokes wait for its end. */
    void turnStarted(String pane);

    /** That turn had already ended when its start was seen: keystrokes need not wait for it. */
    void turnEnded(String pane, String how);
}
