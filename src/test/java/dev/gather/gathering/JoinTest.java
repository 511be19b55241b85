package dev.gather.gathering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.link.Member;
import dev.gather.link.Role;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** A member who joins a running gathering, in virtual time: seed, announcement, its place in the order. */
class JoinTest {
    private static final Member CY = new Member("Cy", 4, Role.SPEAKER, Optional.empty());

    @Test
    void aLateSpeakerSpeaksLastFromTheNextRound() {
        Circle c = new Circle("standard", 2, true, false);
        c.gathering.start().join();
        speak(c, "Ada");
        c.gathering.join(CY, "calm seas", () -> {}).join();
        assertEquals(
                "Cy (4) has joined the gathering as speaker; they take their place at the end of the speaking"
                        + " order from the next round.",
                c.announced("joined").get(0));
        Effect.Inject seed = c.injected("seed").stream()
                .filter(i -> i.to().equals(CY))
                .findFirst()
                .orElseThrow();
        assertTrue(seed.text().contains("[Ada] (1): Ada speaks"), seed.text());
        // this round ends without it; the next is Ada, Bo, Cy
        List<String> holders = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            holders.add(c.holder().name());
            c.gathering.onTurnOutput(c.holder(), "my words. I pass the piece.").join();
        }
        assertEquals(List.of("Ada", "Bo", "Ada", "Bo", "Cy"), holders);
        assertEquals(
                List.of("Ada", "Bo", "Cy"),
                c.gathering.status().order().stream().map(Member::name).toList());
    }

    @Test
    void aSpeakerWhoLeftFreesItsPlace() {
        Circle c = new Circle("standard", 2, true, false);
        c.gathering.start().join();
        int max = c.gathering.rhythm().roles().maxSpeakers();
        // issue 28: ten joins and leaves, and then a join was refused as if all were still there
        for (int i = 0; i < max + 2; i++) {
            Member m = new Member("Passer" + i, 10 + i, Role.SPEAKER, Optional.empty());
            c.gathering.join(m, "", () -> {}).join();
            c.gathering.memberGone(m).join();
        }
        for (int i = 2; i < max; i++) {
            c.gathering
                    .join(new Member("Stayer" + i, 100 + i, Role.SPEAKER, Optional.empty()), "", () -> {})
                    .join();
        }
        CompletionException full = assertThrows(CompletionException.class, () -> c.gathering
                .join(new Member("OneTooMany", 200, Role.SPEAKER, Optional.empty()), "", () -> {})
                .join());
        assertTrue(full.getCause().getMessage().contains("at most " + max + " speakers"), full.getMessage());
    }

    @Test
    void joinsAreRefusedForNamesTakenAndOnceHarvesting() {
        Circle c = new Circle("minimal", 2, true, false);
        c.gathering.start().join();
        CompletionException taken = assertThrows(CompletionException.class, () -> c.gathering
                .join(new Member("bo", 4, Role.SPEAKER, Optional.empty()), "", () -> {})
                .join());
        assertTrue(taken.getCause().getMessage().contains("already has a member called bo"));
        c.passAround(20);
        assertEquals(GatheringState.HARVESTING, c.gathering.state());
        CompletionException late = assertThrows(
                CompletionException.class,
                () -> c.gathering.join(CY, "", () -> {}).join());
        assertTrue(late.getCause().getMessage().contains("harvesting; nobody joins now"));
    }

    @Test
    void aJoinIsAdmittedOnlyOnceTheGatheringTookIt() {
        Circle c = new Circle("minimal", 2, true, false);
        c.gathering.start().join();
        List<String> admitted = new ArrayList<>();
        c.gathering
                .join(
                        CY,
                        "",
                        () -> admitted.add("Cy after " + c.announced("joined").size() + " announcements"))
                .join();
        assertEquals(List.of("Cy after 0 announcements"), admitted);
        c.passAround(20);
        Member di = new Member("Di", 5, Role.SPEAKER, Optional.empty());
        assertThrows(
                CompletionException.class,
                () -> c.gathering.join(di, "", () -> admitted.add("Di")).join());
        assertEquals(1, admitted.size(), "a join refused once harvesting is not admitted: " + admitted);
    }

    private static void speak(Circle c, String name) {
        assertEquals(name, c.holder().name());
        c.gathering.onTurnOutput(c.holder(), name + " speaks first").join();
    }
}
