package dev.gather.tmux;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Who listens to each watched pane's output, and in which window it lives: a control client's
 * {@code %output} lines are decoded (octal escapes, UTF-8 kept whole across lines) and handed to
 * every listener of their pane.
 */
final class PaneSinks {
    /** The listeners of one pane and the decoder that keeps UTF-8 whole across %output lines. */
    static final class Listeners {
        final String window;
        final List<Consumer<String>> sinks = new CopyOnWriteArrayList<>();
        final Utf8Stream utf8 = new Utf8Stream();

        Listeners(String window) {
            this.window = window;
        }
    }

    private final Map<String, Listeners> outputs = new ConcurrentHashMap<>();

    /** {@code sink} hears {@code paneId}, which lives in {@code window}. */
    Listeners add(String paneId, String window, Consumer<String> sink) {
        Listeners listeners = outputs.computeIfAbsent(paneId, id -> new Listeners(window));
        listeners.sinks.add(sink);
        return listeners;
    }

    /** {@code sink} no longer hears its pane; true when that was the pane's last listener. */
    boolean remove(String paneId, Listeners listeners, Consumer<String> sink) {
        listeners.sinks.remove(sink);
        return listeners.sinks.isEmpty() && outputs.remove(paneId, listeners);
    }

    /** The windows of every pane still listened to. */
    Set<String> windows() {
        return outputs.values().stream().map(l -> l.window).collect(Collectors.toSet());
    }

    /** One {@code %output} line's bytes (as Latin-1, octal-escaped) for {@code paneId}'s listeners. */
    void deliver(String paneId, String latin1) {
        Listeners l = outputs.get(paneId);
        if (l == null) {
            return;
        }
        String text = l.utf8.feed(OctalEscapes.decode(latin1));
        if (!text.isEmpty()) {
            for (Consumer<String> sink : l.sinks) {
                sink.accept(text);
            }
        }
    }
}
