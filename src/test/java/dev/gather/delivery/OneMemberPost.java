package dev.gather.delivery;

import dev.gather.door.Doors;
import dev.gather.profile.Profile;
import dev.gather.profile.Profiles;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.FakeTmux;
import dev.gather.tmux.HarnessQuirks;
import dev.gather.tmux.SpawnSpec;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One member on a fake pane that echoes what is typed (or runs a given program), started with a given profile, and a post
 * office that notes each letter's steps as {@code "ref:state"}: the turn-timing tests' ground.
 */
final class OneMemberPost implements AutoCloseable {
    final FakeTmux tmux;
    final String pane;
    final List<String> steps = new CopyOnWriteArrayList<>();
    final PostOffice post;
    private final Deliverer deliverer;
    private volatile Ledger then = Ledger.NONE;

    OneMemberPost(String name, Profile profile, Clock clock) {
        this(name, profile, clock, FakeTmux.CAT);
    }

    /** As above, with the pane running {@code program} instead of one that echoes. */
    OneMemberPost(String name, Profile profile, Clock clock, FakeTmux.Program program) {
        this(name, profile, clock, program, DoorPatience.DEFAULT);
    }

    /** As above, a handed message looked for in its harness's record once unseen taken for {@code doorPatience}. */
    OneMemberPost(String name, Profile profile, Clock clock, FakeTmux.Program program, Duration doorPatience) {
        tmux = new FakeTmux().program("agent", program);
        pane = tmux.spawn(SpawnSpec.of(name, Path.of("."), "agent")).id();
        deliverer = new Deliverer(tmux, HarnessQuirks.GENERIC);
        post = new PostOffice(
                tmux,
                deliverer,
                Profiles.shipped(),
                clock,
                (letter, p, state, detail) -> {
                    steps.add(letter.ref() + ":" + state.word());
                    then.record(letter, p, state, detail);
                },
                Port.NONE,
                Doors.none(),
                doorPatience);
        post.started(pane, profile);
    }

    /** {@code ledger} hears each step after it is noted, and may act on the post office then. */
    void onStep(Ledger ledger) {
        then = ledger;
    }

    /** What the member's pane was given to submit. */
    List<String> submitted() {
        return tmux.pane(pane).submitted();
    }

    @Override
    public void close() {
        post.close();
        deliverer.close();
    }
}
