package dev.gather.ops;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.gathering.Gathering;
import dev.gather.link.Link;
import dev.gather.link.Member;
import dev.gather.relay.HandedOver;
import dev.gather.rhythm.Template;
import dev.gather.server.Dispatcher;
import dev.gather.server.Request;
import dev.gather.server.UserError;
import java.util.Map;
import java.util.Optional;

/**
 * {@code send close_link}: the caller ends its link. A direct link closes for both, who are told; in a
 * gathering, closing is leaving, and the circle goes on without the caller.
 */
final class CloseLink {
    private final Household d;

    CloseLink(Household d) {
        this.d = d;
    }

    ObjectNode handle(Request r) {
        String pane = d.verifiedPane(r.callerPane(), "send close_link");
        Link link = d.links.byPane(pane).orElseThrow(() -> new UserError("pane " + pane + " is not in a link"));
        Member who = link.memberInPane(pane).orElseThrow();
        Optional<Gathering> gathering = d.gatherings.byPane(pane);
        if (gathering.isPresent()) {
            // in a gathering, closing is leaving: the circle goes on without them (or closes below its minimum)
            // answered once the gathering journalled it, in its order
            HandedOver.await(gathering.get().id(), d.relay.leave(pane, "closed the link"));
            return Dispatcher.JSON
                    .createObjectNode()
                    .put("left", gathering.get().id())
                    .put("name", who.name());
        }
        String by = "closed by " + who.name()
                + r.onBehalf().map(b -> " (on behalf, from " + b + ")").orElse("");
        String notice = Template.fill(d.relay.direct().closing(), Map.of("reason", by));
        Link.View view = link.snapshot();
        d.relay.close(link, by);
        d.relay.fanoutNotice(link, view.othersThan(who), notice);
        return Dispatcher.JSON.createObjectNode().put("closed", view.id());
    }
}
