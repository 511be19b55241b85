package dev.gather.link;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Every open link, findable by id or by any member's pane. A pane belongs to at most one link, so a
 * handshake between two panes already linked to each other reuses their link instead of adding a
 * second, one-way row.
 */
public final class Links {
    private final Map<String, Link> byId = new ConcurrentHashMap<>();
    private final Map<String, Link> byPane = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final Supplier<String> idPrefix;
    private final Predicate<String> taken;

    public Links(String idPrefix) {
        this(() -> idPrefix, id -> false);
    }

    /**
     * Links whose ids start with {@code idPrefix} as it is when each is made (a daemon puts the link's
     * creation time there), skipping ids {@code taken} says an earlier daemon used already.
     */
    public Links(Supplier<String> idPrefix, Predicate<String> taken) {
        this.idPrefix = idPrefix;
        this.taken = taken;
    }

    /** The result of a direct handshake: the link, and whether it was made now. */
    public record Handshake(Link link, boolean created) {}

    /**
     * Links two panes directly, or returns their existing link. Fails when either pane is already in
     * a different link (a pane hears one conversation at a time).
     */
    public synchronized Handshake direct(Member from, Member to, String rhythm, OptionalInt budget) {
        String a = from.pane().orElseThrow(() -> new IllegalArgumentException("a direct link needs panes"));
        String b = to.pane().orElseThrow(() -> new IllegalArgumentException("a direct link needs panes"));
        if (a.equals(b)) {
            throw new IllegalArgumentException("pane " + a + " cannot link to itself");
        }
        Link la = byPane.get(a);
        Link lb = byPane.get(b);
        if (la != null && la == lb) {
            return new Handshake(la, false);
        }
        if (la != null) {
            throw new IllegalStateException(
                    "pane " + a + " is already in link " + la.id() + "; close it first (close_link)");
        }
        if (lb != null) {
            throw new IllegalStateException("pane " + b + " is already in link " + lb.id() + " with someone else");
        }
        Link link = create(rhythm, budget, List.of(from.withNumber(1), to.withNumber(2)));
        return new Handshake(link, true);
    }

    /** Creates a link of {@code members} (a gathering's). Their panes must not be linked yet. */
    public synchronized Link create(String rhythm, OptionalInt budget, List<Member> members) {
        String prefix = idPrefix.get();
        String id;
        do {
            id = prefix + ids.incrementAndGet();
        } while (byId.containsKey(id) || taken.test(id));
        return create(id, rhythm, budget, members);
    }

    /** Creates a link with a given id (a gathering's link carries the gathering's id). */
    public synchronized Link create(String id, String rhythm, OptionalInt budget, List<Member> members) {
        if (byId.containsKey(id)) {
            throw new IllegalStateException("link " + id + " exists already");
        }
        for (Member m : members) {
            m.pane().ifPresent(p -> {
                if (byPane.containsKey(p)) {
                    throw new IllegalStateException(
                            "pane " + p + " is already in link " + byPane.get(p).id());
                }
            });
        }
        Link link = new Link(id, rhythm, budget, members);
        byId.put(id, link);
        members.forEach(m -> m.pane().ifPresent(p -> byPane.put(p, link)));
        return link;
    }

    public Optional<Link> byId(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    public Optional<Link> byPane(String pane) {
        return Optional.ofNullable(byPane.get(pane));
    }

    /** Adds {@code m} to an open link (a late arrival); its pane, if any, must not be in a link yet. */
    public synchronized void add(Link link, Member m) {
        if (!link.snapshot().open() || byId.get(link.id()) != link) {
            throw new IllegalStateException("link " + link.id() + " is closed");
        }
        m.pane().ifPresent(p -> {
            if (byPane.containsKey(p)) {
                throw new IllegalStateException(
                        "pane " + p + " is already in link " + byPane.get(p).id());
            }
        });
        link.add(m);
        m.pane().ifPresent(p -> byPane.put(p, link));
    }

    /**
     * Removes {@code m} (a member without a pane) from {@code link}; a link left with fewer than two
     * members closes. False when it was not there.
     */
    public synchronized boolean removeMember(Link link, Member m) {
        if (!link.remove(m)) {
            return false;
        }
        m.pane().ifPresent(byPane::remove);
        if (link.snapshot().members().size() < 2) {
            close(link);
        }
        return true;
    }

    /** Closes the link for everyone and forgets it. */
    public synchronized void close(Link link) {
        link.close();
        byId.remove(link.id());
        byPane.values().removeIf(l -> l == link);
    }

    /**
     * Removes the member in {@code pane} from its link; a link left with fewer than two members
     * closes. Returns the link's state after the removal, if the pane was in one.
     */
    public synchronized Optional<Link.View> removePane(String pane) {
        Link link = byPane.remove(pane);
        if (link == null) {
            return Optional.empty();
        }
        link.memberInPane(pane).ifPresent(link::remove);
        if (link.snapshot().members().size() < 2) {
            close(link);
        }
        return Optional.of(link.snapshot());
    }

    /** Every open link. */
    public Collection<Link> all() {
        return new ArrayList<>(byId.values());
    }
}
