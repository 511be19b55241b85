package dev.gather.relay;

import dev.gather.delivery.PostOffice;
import dev.gather.journal.Journals;
import dev.gather.link.Fanout;
import dev.gather.link.Links;
import dev.gather.profile.Profiles;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.FakeTmux;
import dev.gather.tmux.HarnessQuirks;
import dev.gather.tmux.SpawnSpec;
import dev.gather.turn.TurnFilter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.OptionalInt;

/**
 * Fake panes that echo what is typed into them, a journal under {@code home/journal}, and the real
 * post office journalling each delivery step, as the daemon wires them: the ground of the tests that
 * relay, close or resume over fake panes.
 */
public final class FakePanePost implements AutoCloseable {
    public final FakeTmux tmux = new FakeTmux().program("agent", FakeTmux.CAT);
    public final Journals journals;
    public final PostOffice post;
    private final Deliverer deliverer;
    private final Path home;

    /** {@code journalClock} stamps the journal's entries; the post office keeps real time. */
    public FakePanePost(Path home, Clock journalClock) {
        this.home = home;
        journals = new Journals(home.resolve("journal"), journalClock);
        deliverer = new Deliverer(tmux, HarnessQuirks.GENERIC);
        post = new PostOffice(tmux, deliverer, Profiles.shipped(), Clock.systemUTC(), Relay.ledger(journals));
    }

    /** A new echoing pane named {@code name}; its id. */
    public String spawn(String name) {
        return tmux.spawn(SpawnSpec.of(name, home, "agent")).id();
    }

    /** A relay through this post office, of links named {@code t-…}, on the direct rhythm. */
    public Relay relay() {
        return relay(new Links("t-"));
    }

    /** A relay through this post office, of {@code links}, on the direct rhythm. */
    public Relay relay(Links links) {
        return new Relay(
                links,
                journals,
                new Fanout(post),
                TurnFilter.defaults(),
                new DirectRhythm("direct", OptionalInt.empty(), "", ""),
                RelayPort.NONE);
    }

    @Override
    public void close() {
        post.close();
        deliverer.close();
        journals.close();
    }
}
