package dev.gather.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** {@code pass_piece}: the holder hands the talking piece on. */
final class PassPiece extends SessionTool {
    /** Passing as the member without a pane this session joined as, if it joined. */
    PassPiece(PullSession session) {
        super("pass_piece", "pass", session);
    }

    @Override
    public ObjectNode request(Args args) {
        ObjectNode r = requestAsMember();
        args.optionalText("to", "a member name from list_members").ifPresent(t -> r.put("to", t));
        return r;
    }

    @Override
    public String text(ObjectNode result) {
        return "The piece is now with " + Render.field(result, "holder", "the next speaker") + ".";
    }
}
