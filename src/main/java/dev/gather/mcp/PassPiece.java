package dev.gather.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;

/** {@code pass_piece}: the holder hands the talking piece on. */
final class PassPiece implements GatherTool {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final PullSession session;

    PassPiece() {
        this(new PullSession());
    }

    /** Passing as the member without a pane this session joined as, if it joined. */
    PassPiece(PullSession session) {
        this.session = session;
    }

    @Override
    public String name() {
        return "pass_piece";
    }

    @Override
    public String op() {
        return "pass";
    }

    @Override
    public ObjectNode request(Args args) {
        args.only(Set.of("to"));
        ObjectNode r = JSON.createObjectNode();
        session.token().ifPresent(t -> r.put("token", t));
        args.optionalText("to", "a member name from list_members").ifPresent(t -> r.put("to", t));
        return r;
    }

    @Override
    public String text(ObjectNode result) {
        return "The piece is now with " + Render.field(result, "holder", "the next speaker") + ".";
    }
}
