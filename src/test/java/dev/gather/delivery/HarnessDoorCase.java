package dev.gather.delivery;

import dev.gather.door.Door;
import dev.gather.door.Doors;
import dev.gather.door.Handover;
import dev.gather.door.Opening;
import dev.gather.door.Parcel;
import dev.gather.profile.Profiles;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.FakeTmux;
import dev.gather.tmux.HarnessQuirks;
import dev.gather.tmux.Pane;
import dev.gather.tmux.SpawnSpec;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * One member behind a door the test answers for, on a fake tmux pane running {@code cat}: the harness
 * door tests share it.
 */
abstract class HarnessDoorCase {
    record Step(long ref, DeliveryState state, String detail) {}

    /** A door the test answers for: what it was handed, and a trace the test completes. */
    static final class FakeDoor implements Door {
        final List<String> handed = new CopyOnWriteArrayList<>();
        /** The references of the parcels handed, in order. */
        final List<String> refs = new CopyOnWriteArrayList<>();

        final List<Door.Trace> traces = new CopyOnWriteArrayList<>();
        private final Function<String, Handover> answer;
        private final boolean traced;
        volatile Door.Whereabouts where = new Door.Whereabouts(Door.Whereabouts.Kind.UNKNOWN, "cannot tell");
        /** Where the harness's record puts these words, where it differs from {@link #where}. */
        final Map<String, Door.Whereabouts> whereOf = new ConcurrentHashMap<>();

        final AtomicInteger asked = new AtomicInteger();

        FakeDoor(Function<String, Handover> answer, boolean traced) {
            this.answer = answer;
            this.traced = traced;
        }

        @Override
        public String name() {
            return "fake-door";
        }

        @Override
        public CompletableFuture<Handover> hand(Parcel parcel) {
            Handover h = answer.apply(parcel.text());
            if (h instanceof Handover.Handed) {
                handed.add(parcel.text());
                refs.add(parcel.ref());
            }
            return CompletableFuture.completedFuture(h);
        }

        @Override
        public Door.Whereabouts whereabouts(Parcel parcel) {
            asked.incrementAndGet();
            return whereOf.getOrDefault(parcel.text(), where);
        }

        @Override
        public Optional<Door.Trace> trace(String ref) {
            if (!traced) {
                return Optional.empty();
            }
            Door.Trace t = new Door.Trace(new CompletableFuture<>(), new CompletableFuture<>());
            traces.add(t);
            return Optional.of(t);
        }
    }

    final List<Step> steps = new CopyOnWriteArrayList<>();
    /** What the post office told its port, in order ({@code handed 1}, {@code typing hello}, …). */
    final List<String> told = new CopyOnWriteArrayList<>();

    FakeTmux tmux;
    Pane pane;
    Deliverer deliverer;
    PostOffice post;

    @BeforeEach
    void start() {
        tmux = new FakeTmux();
        tmux.program("cat", FakeTmux.CAT);
        pane = tmux.spawn(SpawnSpec.of("member", Path.of("."), "cat"));
        deliverer = new Deliverer(tmux, HarnessQuirks.GENERIC);
        post = new PostOffice(
                tmux,
                deliverer,
                Profiles.shipped(),
                Clock.systemUTC(),
                (letter, p, state, detail) -> steps.add(new Step(letter.ref(), state, detail)),
                new Port() {
                    @Override
                    public void typing(String p, String text) {
                        told.add("typing " + text);
                    }

                    @Override
                    public void handed(String p, Letter letter, String door) {
                        told.add("handed " + letter.ref() + " to " + door);
                    }

                    @Override
                    public void taken(String p, Letter letter, String how) {
                        told.add("taken " + letter.ref());
                    }

                    @Override
                    public void gone(String p) {
                        told.add("gone");
                    }
                },
                Doors.none(),
                doorPatience());
        post.started(pane.id(), Profiles.shipped().generic());
    }

    @AfterEach
    void stop() {
        post.close();
        deliverer.close();
    }

    /** How long a handed message may go unseen taken: a test of that waits less than gather does. */
    Duration doorPatience() {
        return DoorPatience.DEFAULT;
    }

    void doors(Function<String, Opening> open) {
        post.doors().register("generic", (p, pid) -> open.apply(p));
    }

    List<DeliveryState> statesOf(long ref) {
        return steps.stream().filter(s -> s.ref() == ref).map(Step::state).toList();
    }
}
