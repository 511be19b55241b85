package dev.gather.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** What the MCP tools need from the daemon: one op, its arguments, its result (without "ok"/"id"). */
public interface DaemonCalls {

    /** Calls {@code op} with {@code args}; throws {@link CallFailed} when the daemon refuses or cannot be reached. */
    ObjectNode call(String op, ObjectNode args) throws CallFailed;

    /** Why a daemon call did not produce a result; the message is one line an agent can act on. */
    final class CallFailed extends Exception {
        private static final long serialVersionUID = 1L;

        /** Whether the daemon answered (and refused) rather than being unreachable. */
        private final boolean refused;

        private CallFailed(String message, boolean refused) {
            super(message);
            this.refused = refused;
        }

        /** The daemon answered with an error line. */
        public static CallFailed refused(String message) {
            return new CallFailed(message, true);
        }

        /** No daemon could be reached or started. */
        public static CallFailed unavailable(String message) {
            return new CallFailed(message, false);
        }

        public boolean refused() {
            return refused;
        }
    }
}
