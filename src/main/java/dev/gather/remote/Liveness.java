package dev.gather.remote;

import dev.gather.link.Links;
import dev.gather.link.Member;
import dev.gather.transport.Transport;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Owner side: members on computers whose daemon went away leave, as if their panes died. Gone means
 * missing at two checks in a row, so a Redis or daemon restart in between is not a death.
 */
final class Liveness {
    private static final Logger LOG = LoggerFactory.getLogger(Liveness.class);

    private final Transport transport;
    private final Links links;
    private final Function<String, Optional<String[]>> address;
    private final BiConsumer<String, String> leave;
    private final Map<String, Integer> missing = new ConcurrentHashMap<>();

    /** {@code address} splits a remote pane into computer and pane; {@code leave} takes (computer, pane). */
    Liveness(
            Transport transport,
            Links links,
            Function<String, Optional<String[]>> address,
            BiConsumer<String, String> leave) {
        this.transport = transport;
        this.links = links;
        this.address = address;
        this.leave = leave;
    }

    /** One check: every computer that holds members and was missing twice in a row loses them. */
    void check() {
        Map<String, List<String>> byComputer = new HashMap<>();
        links.all().forEach(link -> link.snapshot().members().stream()
                .map(Member::pane)
                .flatMap(Optional::stream)
                .forEach(pane -> address.apply(pane).ifPresent(a -> byComputer
                        .computeIfAbsent(a[0], k -> new ArrayList<>())
                        .add(pane))));
        missing.keySet().retainAll(byComputer.keySet());
        byComputer.forEach((computer, panes) -> {
            if (transport.alive(computer)) {
                missing.remove(computer);
                return;
            }
            if (missing.merge(computer, 1, Integer::sum) < 2) {
                return;
            }
            missing.remove(computer);
            LOG.info("computer {} went away; its members {} leave", computer, panes);
            panes.forEach(pane -> leave.accept(computer, pane));
        });
    }
}
