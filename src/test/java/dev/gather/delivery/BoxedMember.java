package dev.gather.delivery;

import dev.gather.profile.Profiles;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.FakeTmux;
import dev.gather.tmux.HarnessQuirks;
import dev.gather.tmux.Pane;
import dev.gather.tmux.SpawnSpec;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * A member in a fake tmux whose program has an input box ({@code > }, shown empty again after each
 * line) and the post office that types to it, fresh for each test; its ledger's steps read {@code
 * ref state} ("1 confirmed").
 */
abstract class BoxedMember {
    @TempDir
    Path dir;

    final List<String> steps = new CopyOnWriteArrayList<>();
    FakeTmux tmux;
    Pane pane;
    Deliverer deliverer;
    PostOffice post;

    @BeforeEach
    void startMember() {
        tmux = new FakeTmux().program("boxed", (p, input) -> p.print("\n> "));
        pane = tmux.spawn(SpawnSpec.of("member", Path.of("."), "boxed"));
        tmux.pane(pane.id()).print("> ");
        deliverer = new Deliverer(tmux, HarnessQuirks.GENERIC);
        post = new PostOffice(
                tmux,
                deliverer,
                Profiles.shipped(),
                Clock.systemUTC(),
                (letter, p, state, detail) -> steps.add(letter.ref() + " " + state.word()));
    }

    @AfterEach
    void stopMember() {
        post.close();
        deliverer.close();
    }

    /** The state of the last step journalled, or "" before any. */
    String lastStep() {
        return steps.isEmpty() ? "" : steps.get(steps.size() - 1).split(" ")[1];
    }
}
