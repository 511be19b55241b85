package dev.gather.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.door.Door;
import dev.gather.door.Doors;
import dev.gather.door.Handover;
import dev.gather.door.Parcel;
import dev.gather.profile.Profile;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.FakeTmux;
import dev.gather.tmux.HarnessQuirks;
import dev.gather.tmux.Pane;
import dev.gather.tmux.SpawnSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keystrokes are a {@link Door} like a harness's own: handed a parcel, they answer what the screen
 * showed (submitted, busy, withdrawn, gone), and type only into an empty box, only when still wanted.
 */
class KeystrokeDoorTest {
    @TempDir
    Path dir;

    private Profile boxed;
    private final FakeTmux tmux = new FakeTmux();
    private final List<Parcel> asked = new CopyOnWriteArrayList<>();
    /** What the door told its gate of each parcel as it typed: "pasted" or "entering", and its reference. */
    private final List<String> told = new CopyOnWriteArrayList<>();

    @BeforeEach
    void boxedProgram() throws Exception {
        boxed = BoxedProfile.load(dir);
        tmux.program("boxed", (pane, input) -> pane.print("\n> "));
    }

    private Door door(Pane pane, Deliverer deliverer, boolean wanted) {
        Recognition recognition = new Recognition(new Object(), pane.id(), boxed, (p, known) -> boxed);
        return new KeystrokeDoor(
                pane.id(),
                deliverer,
                recognition,
                new KeystrokeDoor.Gate(
                        (parcel, used) -> {
                            assertEquals(boxed, used, "typed with the profile of what runs there now");
                            asked.add(parcel);
                            return wanted;
                        },
                        parcel -> told.add("pasted " + parcel.ref()),
                        parcel -> told.add("entering " + parcel.ref())));
    }

    /** What a door into {@code pane} answers for one parcel; {@code wanted}: what its gate says. */
    private Handover hand(Pane pane, boolean wanted) throws Exception {
        try (Deliverer deliverer = new Deliverer(tmux, HarnessQuirks.GENERIC)) {
            return door(pane, deliverer, wanted)
                    .hand(new Parcel("j#1 to Box in " + pane.id(), "hello"))
                    .get(30, TimeUnit.SECONDS);
        }
    }

    private Pane boxedPane(String shows) {
        Pane pane = tmux.spawn(SpawnSpec.of("boxed", Path.of("."), "boxed"));
        tmux.pane(pane.id()).print(shows);
        return pane;
    }

    @Test
    void anEmptyBoxIsTypedIntoAndTheSubmitIsItsAnswer() throws Exception {
        Pane pane = boxedPane("> ");
        Parcel parcel = new Parcel("j#1 to Box in " + pane.id(), "hello there");
        try (Deliverer deliverer = new Deliverer(tmux, HarnessQuirks.GENERIC)) {
            Door door = door(pane, deliverer, true);
            Handover h = door.hand(parcel).get(30, TimeUnit.SECONDS);
            Handover.Submitted s = assertInstanceOf(Handover.Submitted.class, h, h.toString());
            assertTrue(s.tries() >= 1, s.toString());
            assertEquals(Doors.KEYSTROKES, door.name());
        }
        assertEquals(List.of("hello there"), tmux.pane(pane.id()).submitted());
        assertEquals(List.of(parcel), asked, "asked once, right before the first key");
        assertEquals(
                List.of("pasted " + parcel.ref(), "entering " + parcel.ref()),
                told,
                "told once the words were in the pane, then right before Enter, by the parcel's reference");
    }

    @Test
    void aBoxHoldingSomeoneElsesTextIsBusyAndNothingIsTyped() throws Exception {
        Pane pane = boxedPane("> someone's half-typed words");
        Handover h = hand(pane, true);
        Handover.Busy b = assertInstanceOf(Handover.Busy.class, h, h.toString());
        assertEquals("not empty", b.what());
        assertEquals("waiting: its input box is not empty", b.why());
        assertTrue(!b.forPerson(), "text in a box is nobody's dialog: it waits only so long");
        assertTrue(asked.isEmpty(), "the gate is asked only when a key would go in");
        assertTrue(tmux.pane(pane.id()).submitted().isEmpty());
    }

    @Test
    void aLetterNoLongerWantedIsNotTyped() throws Exception {
        Pane pane = boxedPane("> ");
        Handover h = hand(pane, false);
        assertInstanceOf(Handover.Withdrawn.class, h, h.toString());
        assertTrue(told.isEmpty());
        assertTrue(tmux.pane(pane.id()).submitted().isEmpty());
    }

    @Test
    void aPaneThatEndedIsGone() throws Exception {
        Pane pane = boxedPane("> ");
        tmux.pane(pane.id()).exit();
        Handover h = hand(pane, true);
        assertInstanceOf(Handover.Gone.class, h, h.toString());
        assertTrue(asked.isEmpty());
    }
}
