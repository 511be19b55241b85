package dev.gather.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** A tool that asks or reads through this MCP session's own state: the member it joined as, its cursor, what it started. */
abstract class SessionTool extends Tool {
    final PullSession session;

    SessionTool(String name, String op, PullSession session) {
        super(name, op);
        this.session = session;
    }

    /** A request that carries this session's member token when it joined as a member, else none. */
    ObjectNode requestAsMember() {
        ObjectNode r = JSON.createObjectNode();
        session.token().ifPresent(t -> r.put("token", t));
        return r;
    }
}
