package dev.gather.gathering;

import dev.gather.link.Member;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Every running gathering of one daemon. Gatherings share nothing; the registry only answers who is
 * in which, and refuses a gathering for anyone already in a running one (the nested guard).
 */
public final class Gatherings {
    private final Map<String, Gathering> byId = new ConcurrentHashMap<>();

    /** Registers the gathering {@code make} builds, unless the caller or a member is already in a running one. */
    public synchronized Gathering add(Optional<String> callerPane, List<Member> members, Supplier<Gathering> make) {
        callerPane.flatMap(this::byPane).ifPresent(g -> {
            throw new IllegalStateException(
                    "you are in running gathering " + g.id() + "; a member cannot start another one (end it first)");
        });
        for (Member m : members) {
            m.pane().flatMap(this::byPane).ifPresent(g -> {
                throw new IllegalStateException(
                        m.name() + " (pane " + m.pane().get() + ") is already in running gathering " + g.id());
            });
        }
        Gathering g = make.get();
        byId.put(g.id(), g);
        return g;
    }

    public Optional<Gathering> byId(String id) {
        return Optional.ofNullable(byId.get(id)).filter(g -> !g.closed());
    }

    /** The running gathering whose member sits in {@code pane}. */
    public Optional<Gathering> byPane(String pane) {
        return byId.values().stream()
                .filter(g -> !g.closed())
                .filter(g -> g.members().stream().anyMatch(m -> m.pane().equals(Optional.of(pane))))
                .findFirst();
    }

    /** Running gatherings. */
    public List<Gathering> running() {
        return new ArrayList<>(byId.values().stream().filter(g -> !g.closed()).toList());
    }

    /** All gatherings this daemon has run, closed ones included. */
    public List<Gathering> all() {
        return new ArrayList<>(byId.values());
    }
}
