package dev.gather.delivery;

import dev.gather.door.ClaudeDoors;
import dev.gather.door.ClaudeMessaging;
import dev.gather.door.ClaudeSocketDoor;
import dev.gather.door.Doors;
import dev.gather.door.FakeClaudeInbox;
import dev.gather.profile.Profile;
import dev.gather.profile.Profiles;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.FakeTmux;
import dev.gather.tmux.HarnessQuirks;
import dev.gather.tmux.SpawnSpec;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Members whose Claude Code takes letters through its messaging socket (a {@link FakeClaudeInbox}
 * each, in one sockets directory as Claude keeps them), in a fake tmux: the post office the Claude
 * door's delivery tests send through. Its ledger's steps read {@code pane:state:detail}.
 */
final class ClaudePost implements AutoCloseable {
    private static final String TOKEN = "ee71ec63611aa359010032afd776127a";

    final FakeTmux tmux = new FakeTmux().program("claude", FakeTmux.CAT);
    final List<String> steps = new CopyOnWriteArrayList<>();
    final ClaudeDoors doors;
    final Deliverer deliverer;
    final PostOffice post;
    private final Map<String, String> panes = new HashMap<>();
    private final Map<String, FakeClaudeInbox> claudes = new HashMap<>();
    private volatile Ledger then = Ledger.NONE;

    /**
     * {@code names} started with a hooked profile, in {@code dir}; {@code patience}: how long a handed
     * letter waits to be seen taken; {@code transcript}: each session's transcript, if one is known.
     */
    ClaudePost(Path dir, Duration patience, Optional<Path> transcript, String... names) throws Exception {
        Map<String, Path> sockets = new HashMap<>();
        for (String name : names) {
            FakeClaudeInbox claude = new FakeClaudeInbox(dir.resolve((1001 + claudes.size()) + ".sock"));
            String pane = tmux.spawn(SpawnSpec.of(name, Path.of("."), "claude")).id();
            claudes.put(name, claude);
            panes.put(name, pane);
            sockets.put(pane, claude.socket);
        }
        doors = new ClaudeDoors(
                        pane -> Optional.ofNullable(sockets.get(pane)).map(s -> new ClaudeMessaging(s, TOKEN)),
                        late -> {},
                        new ClaudeSocketDoor.Timing(Duration.ofSeconds(2), Duration.ofMillis(200)))
                .transcripts(pane -> transcript);
        deliverer = new Deliverer(tmux, HarnessQuirks.GENERIC);
        post = new PostOffice(
                tmux,
                deliverer,
                Profiles.shipped(),
                Clock.systemUTC(),
                (letter, pane, state, detail) -> {
                    steps.add(pane + ":" + state.word() + ":" + detail);
                    then.record(letter, pane, state, detail);
                },
                new Port() {
                    @Override
                    public void turnEnded(String pane, String how) {
                        doors.traces().turnEnded(pane, how);
                    }
                },
                Doors.none(),
                patience);
        Profile hooked = HookedProfile.load(dir, "2m");
        panes.values().forEach(pane -> post.started(pane, hooked));
        post.doors().register("hooked", doors);
    }

    /** {@code ledger} hears each step after it is noted, before the channel goes on. */
    void onStep(Ledger ledger) {
        then = ledger;
    }

    String pane(String name) {
        return panes.get(name);
    }

    FakeClaudeInbox claude(String name) {
        return claudes.get(name);
    }

    /** Whether the letter to {@code name} reached {@code state}. */
    boolean stepped(String name, DeliveryState state) {
        return steps.stream().anyMatch(s -> s.startsWith(pane(name) + ":" + state.word() + ":"));
    }

    @Override
    public void close() throws Exception {
        post.close();
        deliverer.close();
        doors.close();
        for (FakeClaudeInbox claude : claudes.values()) {
            claude.close();
        }
    }
}
