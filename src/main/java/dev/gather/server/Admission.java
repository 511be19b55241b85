package dev.gather.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * What a request may do, decided before its op runs: the pane it acts for (from who sent it, see
 * {@link Callers}), what it may do in another's name ({@link Acting}), how fast ({@link Pace}), and,
 * for one acting on behalf of a pane, the journal entry that says so, written first.
 */
final class Admission {
    private volatile BiFunction<String, Optional<String>, Optional<String>> threadPanes = (t, c) -> Optional.empty();
    private volatile Predicate<String> sharedServer = pane -> false;
    private Dispatcher.Identify identify =
            (peer, r, onBehalfOf) -> new Request(r.op(), r.id(), onBehalfOf.or(r::callerPane), r.args());
    private Consumer<Request> onBehalf = r -> {};
    private Consumer<Request> acting = r -> {};
    private Consumer<Request> pace = r -> {};

    void identify(Dispatcher.Identify identify, Consumer<Request> onBehalf) {
        this.identify = identify;
        this.onBehalf = onBehalf;
    }

    void acting(Consumer<Request> acting) {
        this.acting = acting;
    }

    void pace(Consumer<Request> pace) {
        this.pace = pace;
    }

    void threadPanes(
            BiFunction<String, Optional<String>, Optional<String>> threadPanes, Predicate<String> sharedServer) {
        this.threadPanes = threadPanes;
        this.sharedServer = sharedServer;
    }

    /** {@code claimed} as it may act, coming from {@code peer}; throws {@link UserError} to refuse it. */
    Request admit(Peer peer, ObjectNode node, Request claimed) {
        Request identified = identify.apply(peer, claimed, onBehalfOf(node));
        Request request =
                peer.inProcess() ? byThread(node, identified, Optional.empty()) : byThreadIfShared(node, identified);
        if (!peer.inProcess()) {
            acting.accept(request); // refused before anything is journalled or done
            pace.accept(request);
        }
        if (request.onBehalf().isPresent()) {
            onBehalf.accept(request);
        }
        return request;
    }

    /**
     * A thread names another pane only for a caller in the pane whose harness runs every pane's
     * turns (Codex's shared server, whose MCP servers all run in the first pane's tree); any other
     * process naming a thread it learned of would otherwise act as that thread's pane. And only for
     * a thread whose turns are reported from the caller's own pane: a process in another Codex pane
     * naming Ada's thread stays itself.
     */
    private Request byThreadIfShared(ObjectNode node, Request r) {
        if (r.onBehalf().isPresent() || r.callerPane().filter(sharedServer).isEmpty()) {
            return r;
        }
        return byThread(node, r, r.callerPane());
    }

    /**
     * {@code r}, for the pane the daemon learned for the harness thread it names, if any: that pane's
     * own turns taught the daemon the thread, so this is the daemon's knowledge, not the caller's claim;
     * {@code reporter}, when given, is the pane its turns must have been reported from.
     */
    private Request byThread(ObjectNode node, Request r, Optional<String> reporter) {
        JsonNode thread = node.path("caller").path("thread");
        if (!thread.isTextual()) {
            return r;
        }
        return threadPanes
                .apply(thread.asText(), reporter)
                .filter(p -> !Optional.of(p).equals(r.callerPane()))
                .map(p -> new Request(r.op(), r.id(), Optional.of(p), r.args(), r.onBehalf()))
                .orElse(r);
    }

    private static Optional<String> onBehalfOf(ObjectNode node) {
        JsonNode v = node.get("on_behalf_of");
        if (v == null || v.isNull()) {
            return Optional.empty();
        }
        if (!v.isTextual() || !v.asText().matches("%[0-9]+")) {
            throw new UserError("'on_behalf_of' must be a pane id like %12, not " + Request.kind(v));
        }
        return Optional.of(v.asText());
    }
}
